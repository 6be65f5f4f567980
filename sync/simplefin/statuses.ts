// What a SimpleFIN server's status codes mean, per endpoint, as the protocol defines them: one table. Each entry is
// the message the user reads; a status not listed is reported with its number.
import type { Answer } from './http';

/** The endpoints this command calls. */
export type Endpoint = 'claim' | 'accounts';

const MEANINGS: Record<Endpoint, Record<number, string>> = {
  claim: {
    403:
      'the SimpleFIN server refused the token (403): it was already claimed, or it does not exist. If you did not claim it ' +
      'yourself, someone else may have, and may be reading your accounts: disable that token at the Bridge (or your ' +
      "bank's SimpleFIN server) now, then create a new token and claim it.",
  },
  accounts: {
    402: 'the SimpleFIN server answered 402 Payment Required: the subscription at the Bridge needs paying before it gives balances again.',
    403:
      'the SimpleFIN server refused the credentials (403): access was revoked at the Bridge, or the Access URL is wrong. ' +
      'Create a new token at the Bridge and claim it again (`ledger-sync simplefin claim <token> --out <file> --force`).',
  },
};

/** A SimpleFIN server answered with a status that means the call failed. */
export class SimplefinStatusError extends Error {
  override name = 'SimplefinStatusError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Throws SimplefinStatusError unless `answer` is a 2xx; the message says what the status means for `endpoint`. */
export function checkStatus(answer: Answer, endpoint: Endpoint, host: string): void {
  if (answer.status >= 200 && answer.status < 300) return;
  const meaning = MEANINGS[endpoint][answer.status];
  const what = endpoint === 'claim' ? 'the claim' : 'GET /accounts';
  throw new SimplefinStatusError(
    meaning ?? `the SimpleFIN server at ${host} answered ${what} with status ${answer.status}`,
    answer.status,
  );
}
