import { describe, expect, it } from 'vitest';
import mswPackage from 'msw/package.json' with { type: 'json' };

// `npm run test:msw3` sets EXPECT_MSW_MAJOR=3 and aliases msw to msw@3: this proves the alias is live,
// so the fake's tests there really ran against msw 3.
describe('the msw the fake runs on', () => {
  it('is the major the run asked for (2 by default, 3 under npm run test:msw3)', () => {
    const expected = process.env.EXPECT_MSW_MAJOR ?? '2';
    expect(mswPackage.version.split('.')[0]).toBe(expected);
  });
});
