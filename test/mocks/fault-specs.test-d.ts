import { describe, expectTypeOf, it } from 'vitest';
import type { FaultOperation, FaultSpec, LedgerControl, OperationId } from 'personal-ledger-sdk/mocks';

declare const control: LedgerControl;

describe('FaultSpec types: operation is an operationId of openapi.json, or "*"', () => {
  it('OperationId is exactly the operationIds under paths in openapi.json (from the generated types)', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<
      | 'getMe'
      | 'listCategories'
      | 'listAccounts'
      | 'createAccount'
      | 'getAccount'
      | 'updateAccount'
      | 'listSnapshots'
      | 'upsertSnapshot'
      | 'bulkUpsertSnapshots'
      | 'getSnapshot'
      | 'updateSnapshot'
      | 'deleteSnapshot'
      | 'getOpenApiDocument'
    >();
    expectTypeOf<'*'>().toExtend<FaultOperation>();
    expectTypeOf<'snapshotUpserted'>().not.toExtend<FaultOperation>(); // a webhook: no request of the API runs it
  });

  it('a misspelled operation is a type error', () => {
    // @ts-expect-error: 'listAcounts' is not an operationId
    control.faults.inject({ operation: 'listAcounts', times: 1, kind: { status: 500 } });
    expectTypeOf(control.faults.inject).parameter(0).toEqualTypeOf<FaultSpec>();
  });
});
