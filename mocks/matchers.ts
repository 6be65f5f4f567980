// personal-ledger-sdk/mocks/matchers: the fake's matchers for any runner's `expect.extend(ledgerMatchers)` (Jest, Vitest,
// Bun), in ESM and CommonJS. It imports no runner at run time; its types extend each runner's `expect`, as
// @testing-library/jest-dom's do, with the type parameters of each runner's own declaration (as they must be). In the
// published declaration file an augmentation of a module the project lacks is ignored; here, where Jest's and Bun's
// are not installed, the compiler would refuse them, hence the @ts-ignore.
import type { LedgerMatchers } from './matchers/received';

export { ledgerMatchers, type LedgerMatchers, type ReceivedExpectation } from './matchers/received';

declare global {
  namespace jest {
    // biome-ignore lint/complexity/noBannedTypes: @types/jest's own type parameters
    interface Matchers<R = void, T = {}> extends LedgerMatchers<R> {}
  }
}

// Jest's `expect` module, which `import { expect } from '@jest/globals'` takes its matchers from.
// biome-ignore lint/suspicious/noTsIgnore: an error here only (TS2664, no Jest), so @ts-expect-error would be wrong elsewhere
// @ts-ignore
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends LedgerMatchers<R> {}
}

// Returning void, as the same matcher on Vitest's global `jest.Matchers<void, T>` (its JestAssertion) does: the two
// must agree.
// biome-ignore lint/suspicious/noTsIgnore: TS2664 in the declaration build, which does not resolve vitest; none here
// @ts-ignore
declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: Vitest's own type parameters
  interface Matchers<T = any> extends LedgerMatchers<void> {}
}

// biome-ignore lint/suspicious/noTsIgnore: an error here only (TS2664, no Bun types), so @ts-expect-error would be wrong elsewhere
// @ts-ignore
declare module 'bun:test' {
  interface Matchers<T = unknown> extends LedgerMatchers<void> {}
}
