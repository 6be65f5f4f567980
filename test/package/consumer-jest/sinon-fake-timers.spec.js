// mock.fetch under @sinonjs/fake-timers installed by hand (every timer faked, and never advanced), in Jest's node
// environment: it still answers.
const FakeTimers = require('@sinonjs/fake-timers');
const { createLedgerMock, DEMO_TOKENS } = require('personal-ledger-sdk/mocks');

test('mock.fetch answers while @sinonjs/fake-timers holds every timer', async () => {
  const clock = FakeTimers.install();
  try {
    expect(setImmediate.clock).toBe(clock);
    const mock = createLedgerMock({ scenario: 'demo' });
    const response = await mock.fetch(`${mock.baseUrl}/api/public/v1/me`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` },
    });
    expect(response.status).toBe(200);
  } finally {
    clock.uninstall();
  }
});
