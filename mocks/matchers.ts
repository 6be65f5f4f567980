// personal-ledger-sdk/mocks/matchers: the fake's matchers for any runner's `expect.extend(ledgerMatchers)` (Jest, Vitest,
// Bun), in ESM and CommonJS. It imports no runner at run time; its types extend each runner's `expect`, as
// @testing-library/jest-dom's do, with the type parameters of each runner's own declaration (as they must be). In the
// published declaration file an augmentation of a module the project lacks is ignored; here, where Jest's and Bun's
// are not installed, the compiler would refuse them, hence the @ts-ignore.
import type { LedgerMatchers } from './matchers/received';

export { ledgerMatchers, type LedgerMatchers, type ReceivedExpectation } from './matchers/received';

declare global {
  // biome-ignore lint/style/noNamespace: @types/jest's matchers live in its global namespace `jest`
  namespace jest {
    // biome-ignore lint/complexity/noBannedTypes: @types/jest's own type parameters
    interface Matchers<R = void, T = {}> extends LedgerMatchers<R> {}
  }
}

// Jest's `expect` module, which `import { expect } from '@jest/globals'` takes its matchers from.
// @ts-ignore TS2664 where Jest is not installed
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends LedgerMatchers<R> {}
}

// Returning void, as the same matcher on Vitest's global `jest.Matchers<void, T>` (its JestAssertion) does: the two
// must agree.
// @ts-ignore TS2664 where Vitest is not installed
declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: Vitest's own type parameters
  interface Matchers<T = any> extends LedgerMatchers<void> {}
}

// @ts-ignore TS2664 where Bun's types are not installed
declare module 'bun:test' {
  interface Matchers<T = unknown> extends LedgerMatchers<void> {}
}
