import { describe, expectTypeOf, it } from 'vitest';
import type { FaultOperation, JournalFilter, LedgerControl, StatusClass } from 'personal-ledger-sdk/mocks';

declare const control: LedgerControl;

describe('JournalFilter types: the same operations as faults, statuses as numbers or classes', () => {
  it('operation takes an operationId of openapi.json or "*", as a fault does', () => {
    expectTypeOf<JournalFilter['operation']>().toEqualTypeOf<FaultOperation | undefined>();
    control.journal.count({ operation: 'bulkUpsertSnapshots', status: 200 });
    // @ts-expect-error: 'bulkUpsertSnapshot' is not an operationId
    control.journal.count({ operation: 'bulkUpsertSnapshot' });
  });

  it('status is a number or a class; method is upper case', () => {
    expectTypeOf<StatusClass>().toEqualTypeOf<'1xx' | '2xx' | '3xx' | '4xx' | '5xx'>();
    control.journal.find({ status: '4xx', method: 'POST', from: new Date(), to: '2026-11-01T10:00:00Z' });
    // @ts-expect-error: no such class
    control.journal.find({ status: '6xx' });
    // @ts-expect-error: methods are upper case, as the journal records them
    control.journal.find({ method: 'post' });
  });
});
