// The clock, injected faults and the journal of requests: the control API's entries (see ../operation.ts).
import { faultFromJson, faultToJson } from '../../control-http/fault-wire';
import { journalEntryToJson, journalFilterFromQuery } from '../../control-http/journal-wire';
import type { ActiveFault, FaultSpec } from '../../core/fault-spec';
import { explainEntries, type JournalEntry } from '../../core/journal';
import { compileJournalFilter, type JournalFilter } from '../../core/journal-filter';
import { MockControlError } from '../../errors';
import type { Clock } from '../../store/clock';
import * as z from '../../zod';
import { group, operation, type RouteInput, value } from '../operation';
import { time } from './wire';

const clockJson = (clock: Clock) => ({ now: clock.now().toISOString(), frozen: clock.frozen });

const clockChange = z
  .strictObject({ now: z.optional(time), frozen: z.optional(z.boolean()) })
  .check(z.refine((b) => b.now !== undefined || b.frozen !== undefined, 'give now, frozen, or both'));
const clockAdvance = z
  .strictObject({ ms: z.optional(z.number()), days: z.optional(z.number()) })
  .check(z.refine((b) => b.ms !== undefined || b.days !== undefined, 'give ms or days'));

/** The clock, the faults and the journal, in the order GET /__mock lists their routes. */
export const clockFaultsJournalOperations = {
  /**
   * The clock used for token expiry, last-used times and event timestamps. Frozen when the mock was created with
   * `now` (or a scenario with `now`), else running with the real clock. `set(time)` keeps that mode;
   * `set(time, { frozen: true })` or `freeze()` stops it for exact timestamps, `resume()` lets it run.
   */
  clock: value({
    area: 'Clock',
    get: ({ store }): Clock => store.clock,
    http: [
      { method: 'GET', path: '/clock', summary: "The fake's clock {now, frozen}", run: (clock) => clockJson(clock) },
      {
        method: 'PUT',
        path: '/clock',
        summary:
          'Set the clock {now?, frozen?}: now alone keeps it frozen or running; frozen alone stops or restarts it where it is',
        body: clockChange,
        run: (clock, { body }: RouteInput<z.output<typeof clockChange>>) => {
          if (body.now !== undefined) clock.set(body.now, body.frozen === undefined ? {} : { frozen: body.frozen });
          else if (body.frozen) clock.freeze();
          else clock.resume();
          return clockJson(clock);
        },
      },
      {
        method: 'POST',
        path: '/clock/advance',
        summary: 'Move the clock by {ms} and/or {days}',
        body: clockAdvance,
        run: (clock, { body }: RouteInput<z.output<typeof clockAdvance>>) => {
          clock.advance((body.ms ?? 0) + (body.days ?? 0) * 86_400_000);
          return clockJson(clock);
        },
      },
    ],
  }),
  /** Injected failures: latency, a status, a network error, or a failure after the write is applied. */
  faults: group(
    {
      /** The faults still active, with the hits they have left. */
      list: operation({
        area: 'Faults',
        call:
          ({ faults }) =>
          (): ActiveFault[] =>
            faults.list(),
        http: {
          method: 'GET',
          path: '/faults',
          summary: 'The active faults, each in the shape POST /__mock/faults takes',
          run: (list) => list().map(faultToJson),
        },
      }),
      /** Adds a fault; returns its id. Faults are tried in the order injected; one applies per request. */
      inject: operation({
        area: 'Faults',
        call:
          ({ faults }) =>
          (spec: FaultSpec): string =>
            faults.inject(spec),
        http: {
          method: 'POST',
          path: '/faults',
          summary:
            'Inject a fault {operation?, times?, rate?, and one of status (+retry_after, body) | latency_ms | network_error | after_apply}; id? and remaining? put back a listed one; a bad one is refused (400 invalid_fault)',
          status: 201,
          body: z.record(z.string(), z.unknown()),
          run: (inject, { body }) => ({ id: inject(faultFromJson(body)) }),
        },
      }),
      /** Removes every fault. */
      clear: operation({
        area: 'Faults',
        call:
          ({ faults }) =>
          (): void =>
            faults.clear(),
        http: {
          method: 'DELETE',
          path: '/faults',
          summary: 'Clear every fault',
          run: (clear) => {
            clear();
            return { ok: true };
          },
        },
      }),
      /** Removes one fault by id. */
      remove: operation({
        area: 'Faults',
        call:
          ({ faults }) =>
          (faultId: string): void =>
            faults.remove(faultId),
      }),
    },
    [
      {
        method: 'DELETE',
        path: '/faults/:id',
        summary: 'Remove one fault',
        run: (faults, { params }) => {
          if (!faults.list().some((f) => f.id === params.id))
            throw new MockControlError(404, 'not_found', `No active fault ${params.id}`);
          faults.remove(params.id!);
          return { ok: true };
        },
      },
    ],
  ),
  /** The requests answered: method, path, operationId, status, token id, duration, fault, bugs. */
  journal: group({
    /**
     * The requests kept that match every field of `filter`, oldest first: `find({ operation: 'getMe', status: '4xx' })`.
     * A filter that cannot match as meant (a misspelt operation, say) throws MockControlError 400 `invalid_filter`,
     * naming the near miss. @default filter {} (every request)
     */
    find: operation({
      area: 'Journal',
      call:
        ({ journal }) =>
        (filter?: JournalFilter): JournalEntry[] =>
          journal.find(compileJournalFilter(filter)),
      http: {
        method: 'GET',
        path: '/journal',
        summary:
          'The requests answered, each refusal with its reason (snake_case, as everything under /__mock); only those matching ?operation=&method=&status=(200|4xx)&code=&token_id=&from=&to= when given (a bad filter is refused, 400 invalid_filter)',
        run: (find, { query }) => find(journalFilterFromQuery(query)).map(journalEntryToJson),
      },
    }),
    /**
     * The last requests as a short readable text, each refusal with its `reason`, for a failing test's message:
     * `expect(res.status, mock.control.journal.explain({ last: 5 })).toBe(200)`. @default last 10
     */
    explain: operation({
      area: 'Journal',
      call:
        ({ journal }) =>
        ({ last = 10 }: { last?: number } = {}): string =>
          explainEntries(last > 0 ? journal.entries().slice(-last) : []),
      http: {
        method: 'GET',
        path: '/explain',
        summary: 'The last requests as readable text, each refusal with its reason (?last=10)',
        text: true,
        run: (explain, { query }) => {
          const last = query.get('last');
          if (last !== null && !/^\d+$/.test(last))
            throw new MockControlError(400, 'bad_request', 'last must be a whole number');
          return explain(last === null ? {} : { last: Number(last) });
        },
      },
    }),
    /** Forgets every entry. */
    clear: operation({
      area: 'Journal',
      call:
        ({ journal }) =>
        (): void =>
          journal.clear(),
      http: {
        method: 'DELETE',
        path: '/journal',
        summary: 'Forget the journal',
        run: (clear) => {
          clear();
          return { ok: true };
        },
      },
    }),
    /** The most recent 10,000 requests, oldest first. */
    entries: operation({
      area: 'Journal',
      call:
        ({ journal }) =>
        (): JournalEntry[] =>
          journal.entries(),
    }),
    /** How many requests kept match `filter` (as `find`, without copying them). @default filter {} (every request) */
    count: operation({
      area: 'Journal',
      call:
        ({ journal }) =>
        (filter?: JournalFilter): number =>
          journal.count(compileJournalFilter(filter)),
    }),
    /** The requests that hit a bug in the fake (answered 500 `internal_error`). */
    internalErrors: operation({
      area: 'Journal',
      call:
        ({ journal }) =>
        (): JournalEntry[] =>
          journal.internalErrors(),
    }),
  }),
};
