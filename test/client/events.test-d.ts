import { describe, expectTypeOf, it } from 'vitest';
import {
  createLedgerClient,
  type ClientErrorEvent,
  type ClientEventBase,
  type ClientListeners,
  type ClientLogger,
  type ClientRequestEvent,
  type ClientResponseEvent,
  type ClientRetryEvent,
  type LedgerClientOptions,
} from 'personal-ledger-sdk';

const client = createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x' });

describe('event payloads are typed by event name', () => {
  it('client.on gives each listener its own payload, and returns the function that removes it', () => {
    expectTypeOf(client.on('request', (e) => expectTypeOf(e).toEqualTypeOf<ClientRequestEvent>())).toEqualTypeOf<
      () => void
    >();
    client.on('response', (e) => expectTypeOf(e).toEqualTypeOf<ClientResponseEvent>());
    client.on('retry', (e) => expectTypeOf(e).toEqualTypeOf<ClientRetryEvent>());
    client.on('error', (e) => expectTypeOf(e).toEqualTypeOf<ClientErrorEvent>());
  });

  it('every event has the call id, method, route template, path and attempt', () => {
    expectTypeOf<ClientEventBase>().toEqualTypeOf<{
      callId: number;
      method: string;
      route: string;
      path: string;
      attempt: number;
    }>();
    expectTypeOf<ClientResponseEvent>().toMatchTypeOf<ClientEventBase>();
  });

  it('a response has status, duration, request id, sizes and final; a request has no status', () => {
    expectTypeOf<ClientResponseEvent['status']>().toEqualTypeOf<number>();
    expectTypeOf<ClientResponseEvent['durationMs']>().toEqualTypeOf<number>();
    expectTypeOf<ClientResponseEvent['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ClientResponseEvent['responseBytes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ClientResponseEvent['final']>().toEqualTypeOf<boolean>();
    expectTypeOf<ClientRequestEvent['requestBytes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ClientRequestEvent>().not.toHaveProperty('status');
    expectTypeOf<ClientRequestEvent['headers']>().toEqualTypeOf<Record<string, string>>();
  });

  it('a retry has its delay and either a status or an error; an error event has the error and final', () => {
    expectTypeOf<ClientRetryEvent['delayMs']>().toEqualTypeOf<number>();
    expectTypeOf<ClientRetryEvent['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ClientRetryEvent['error']>().toEqualTypeOf<Error | undefined>();
    expectTypeOf<ClientErrorEvent['final']>().toEqualTypeOf<boolean>();
  });

  it('unknown events and mismatched listeners do not compile', () => {
    // @ts-expect-error: there is no "responses" event
    client.on('responses', () => undefined);
    // @ts-expect-error: a request event has no status
    client.on('request', (e) => e.status);
    // @ts-expect-error: the on option is checked the same way
    createLedgerClient({ baseUrl: 'https://ledger.test', token: 'plk_x', on: { reponse: () => undefined } });
  });
});

describe('the options', () => {
  it('on takes listeners by event name; log takes console or any console-like object; eventBodies is a boolean', () => {
    expectTypeOf<LedgerClientOptions['on']>().toEqualTypeOf<ClientListeners | undefined>();
    expectTypeOf(console).toMatchTypeOf<ClientLogger>();
    expectTypeOf<LedgerClientOptions['log']>().toEqualTypeOf<ClientLogger | undefined>();
    expectTypeOf<LedgerClientOptions['eventBodies']>().toEqualTypeOf<boolean | undefined>();
    createLedgerClient({
      baseUrl: 'https://ledger.test',
      token: 'plk_x',
      log: console,
      on: { response: (e) => expectTypeOf(e.status).toBeNumber() },
    });
  });
});
