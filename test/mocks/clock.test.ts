// The fake's clock: frozen or running, and what set() does to each.
import { describe, expect, it } from 'vitest';
import { createLedgerMock, DEMO_TOKENS } from 'personal-ledger-sdk/mocks';

const T = '2030-01-01T00:00:00.000Z';
const later = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the clock', () => {
  it('a mock created without now runs with the real clock; set(time) keeps it running, on from that time', async () => {
    const { clock } = createLedgerMock().control;
    expect(clock.frozen).toBe(false);
    clock.set(T);
    await later();
    expect(clock.frozen).toBe(false);
    expect(clock.now().getTime() - Date.parse(T)).toBeGreaterThanOrEqual(25);
  });

  it('set(time, { frozen: true }) freezes it: it reads exactly that time however much later', async () => {
    const { clock } = createLedgerMock().control;
    clock.set(T, { frozen: true });
    await later();
    expect([clock.now().toISOString(), clock.frozen]).toEqual([T, true]);
  });

  it('a frozen clock moves only by set and advance, and stays frozen; set(time, { frozen: false }) lets it run from there', async () => {
    const { clock } = createLedgerMock({ now: T }).control;
    expect(clock.frozen).toBe(true);
    clock.advance(1000);
    clock.set('2031-06-01T00:00:00Z');
    await later();
    expect(clock.now().toISOString()).toBe('2031-06-01T00:00:00.000Z');
    clock.set(T, { frozen: false });
    await later();
    expect(clock.now().getTime() - Date.parse(T)).toBeGreaterThanOrEqual(25);
  });

  it('freeze() stops it at its current reading; resume() lets it run on from there', async () => {
    const { clock } = createLedgerMock().control;
    clock.set(T);
    clock.freeze();
    const stopped = clock.now().toISOString();
    await later();
    expect(clock.now().toISOString()).toBe(stopped);
    clock.resume();
    await later();
    expect(clock.frozen).toBe(false);
    expect(clock.now().getTime() - Date.parse(stopped)).toBeGreaterThanOrEqual(25);
  });

  it('a frozen clock stamps every write with the same exact time (event created_at, last_used_at)', async () => {
    const mock = createLedgerMock({ scenario: 'demo' });
    mock.control.clock.resume(); // running, as without a scenario `now`
    mock.control.clock.set(T, { frozen: true });
    await mock.fetch(`${mock.baseUrl}/api/public/v1/me`, { headers: { authorization: `Bearer ${DEMO_TOKENS.alex}` } });
    await later();
    expect((await mock.control.listTokens()).find((t) => t.last_used_at !== null)!.last_used_at).toBe(T);
    expect(mock.control.journal.entries().at(-1)!.at).toBe(T);
  });

  it('loading a scenario with now sets the clock there and freezes it', async () => {
    const { control } = createLedgerMock();
    await control.loadScenario({ now: T });
    await later();
    expect([control.clock.now().toISOString(), control.clock.frozen]).toEqual([T, true]);
  });

  it('reset() brings back the starting time and mode', async () => {
    const running = createLedgerMock().control;
    running.clock.set(T, { frozen: true });
    await running.reset();
    expect(running.clock.frozen).toBe(false);
    expect(Math.abs(running.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    const frozen = createLedgerMock({ scenario: 'demo' }).control;
    frozen.clock.resume();
    frozen.clock.advance(86_400_000);
    await frozen.reset();
    expect([frozen.clock.now().toISOString(), frozen.clock.frozen]).toEqual(['2026-11-01T09:00:00.000Z', true]);
  });
});
