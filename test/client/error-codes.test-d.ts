import { describe, expectTypeOf, it } from 'vitest';
import {
  isLedgerApiError,
  type KnownLedgerErrorCode,
  type LedgerApiError,
  type LedgerApiErrorInit,
  type LedgerErrorCode,
} from 'personal-ledger-sdk';
import type { LEDGER_ERROR_CODES } from '../../src/errors/error-codes';

declare const error: unknown;

describe('`code` is typed with the documented error codes, open to new ones', () => {
  it('LedgerApiError#code is LedgerErrorCode: the known codes, listed by autocompletion', () => {
    expectTypeOf<LedgerApiError['code']>().toEqualTypeOf<LedgerErrorCode | undefined>();
    expectTypeOf<Extract<LedgerErrorCode, 'token_revoked'>>().toEqualTypeOf<'token_revoked'>();
    expectTypeOf<Extract<LedgerErrorCode, 'nothing_written'>>().toEqualTypeOf<'nothing_written'>();
    if (isLedgerApiError(error, 401)) expectTypeOf(error.code).toEqualTypeOf<LedgerErrorCode | undefined>();
  });

  it('KnownLedgerErrorCode is the closed union of LEDGER_ERROR_CODES; a misspelled code is not one of them', () => {
    expectTypeOf<KnownLedgerErrorCode>().toEqualTypeOf<(typeof LEDGER_ERROR_CODES)[number]>();
    expectTypeOf<'token_revoked'>().toExtend<KnownLedgerErrorCode>();
    // @ts-expect-error -- misspelled
    const misspelled: KnownLedgerErrorCode = 'token_revokd';
    void misspelled;
    void ('token_revoked' satisfies KnownLedgerErrorCode);
    // @ts-expect-error -- misspelled
    void ('not_foud' satisfies KnownLedgerErrorCode);
  });

  it('open: a code a newer service adds is still a LedgerErrorCode', () => {
    expectTypeOf<'some_new_code'>().toExtend<LedgerErrorCode>();
    expectTypeOf<string>().toExtend<LedgerErrorCode>();
    expectTypeOf<LedgerApiErrorInit['code']>().toEqualTypeOf<LedgerErrorCode | undefined>();
  });
});

describe('isLedgerApiError(e, status, code): the code is checked for spelling', () => {
  it('takes a documented code, and a misspelled one is a type error', () => {
    if (isLedgerApiError(error, 401, 'token_revoked')) expectTypeOf(error.status).toEqualTypeOf<401>();
    // @ts-expect-error -- misspelled: not a documented code
    void isLedgerApiError(error, 401, 'token_revokd');
  });
});
