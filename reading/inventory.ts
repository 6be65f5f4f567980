// Everything one token sees, read with GET requests only: identity, categories, accounts (the list and each one's
// detail) and every snapshot. Every answer is judged against openapi.json record by record; an odd answer is an
// Oddity with its evidence, and the reading goes on with what it can use. Only GET /me must answer: without the
// identity nothing can be told. Used by ledger-parity (before and after its probes) and by ledger-mock copy.
import type { Account, AccountDetail, Category, Identity, Snapshot } from 'personal-ledger-sdk';
import type { Answer } from './answer';
import { differingFields, excerpt, withoutRepeats, type Oddity } from './oddities';
import { schemaFields, schemaProblems } from './openapi-check';

/** Everything one token sees. */
export interface Inventory {
  me: Identity;
  categories: Category[];
  accounts: Account[];
  /** GET /accounts/{id} of every listed account whose detail could be read, by id. */
  details: Record<string, AccountDetail>;
  /** GET /snapshots, unfiltered: those of listed accounts. */
  snapshots: Snapshot[];
}

/** An inventory and the odd answers met while reading it. */
export interface InventoryRead {
  inventory: Inventory;
  oddities: Oddity[];
}

/** A GET of `path` (from the root, `/api/public/v1/...`) with `query` (without `?`): how the reader asks anything. */
export type ReadGet = (path: string, query?: string) => Promise<Answer>;

/** Where a reading is: requests answered so far, of how many (known once the accounts are listed). */
export interface ReadProgress {
  done: number;
  total: number;
  /** The request just answered, `GET /api/public/v1/accounts/{id}`. */
  request: string;
}

/** GET /me did not answer the identity: nothing can be read without it. */
export class InventoryError extends Error {
  override readonly name = 'InventoryError';
}

const API = '/api/public/v1';

/**
 * Reads everything the token sees: 4 requests and one per listed account, each through `get`. Throws InventoryError
 * only when GET /me gives no identity.
 */
export async function readInventory(
  get: ReadGet,
  options: { onProgress?(progress: ReadProgress): void } = {},
): Promise<InventoryRead> {
  const oddities: Oddity[] = [];
  let done = 0;
  let total = 4;
  const read = async (path: string, query?: string): Promise<Answer> => {
    const answer = await get(`${API}${path}`, query);
    options.onProgress?.({ done: ++done, total, request: describe(answer) });
    return answer;
  };

  const meAnswer = await read('/me');
  const me = meAnswer.status === 200 ? meAnswer.json : undefined;
  if (typeof me !== 'object' || me === null || schemaProblems('Identity', me).length > 0) {
    throw new InventoryError(`${describe(meAnswer)} ${refusal(meAnswer)}`);
  }
  const identity = pick(me as Identity, ['user_id', 'household_id', 'token_id']);

  const categories = listed<Category>(await read('/categories'), 'categories', 'Category', oddities);
  const accounts = listed<Account>(await read('/accounts'), 'accounts', 'Account', oddities);
  total = 4 + accounts.length;
  const details: Record<string, AccountDetail> = {};
  for (const account of accounts) {
    const detail = detailOf(await read(`/accounts/${encodeURIComponent(account.id)}`), account, oddities);
    if (detail) details[account.id] = detail;
  }
  const snapshotsAnswer = await read('/snapshots');
  const snapshots = pairsOnce(
    listed<Snapshot>(snapshotsAnswer, 'snapshots', 'Snapshot', oddities),
    describe(snapshotsAnswer),
    oddities,
  );
  return {
    inventory: {
      me: identity,
      categories,
      accounts,
      details,
      snapshots: ofListedAccounts(snapshots, accounts, describe(snapshotsAnswer), oddities),
    },
    oddities,
  };
}

/** The records of a list answer that match their schema, each id once; every other record is an oddity. */
function listed<T extends { id: string }>(answer: Answer, key: string, schema: string, oddities: Oddity[]): T[] {
  const request = describe(answer);
  const body = usableBody(answer, `none of its ${key} are used`, oddities);
  if (body === undefined) return [];
  const more = morePages(answer, body);
  if (more !== undefined) {
    oddities.push({
      kind: 'paged',
      request,
      what: `the answer says there is more: ${more}`,
      then: `only the ${key} it holds are used (the API has no pages to ask for)`,
      evidence: more,
    });
  }
  const list = body[key];
  if (!Array.isArray(list)) {
    oddities.push({
      kind: 'wrong-shape',
      request,
      what: `the answer holds no ${key} array (its keys: ${Object.keys(body).join(', ') || 'none'})`,
      then: `no ${key} are used`,
      evidence: body,
    });
    return [];
  }
  const valid: T[] = [];
  list.forEach((record: unknown, position) => {
    const problems = schemaProblems(schema, record);
    if (problems.length === 0) {
      valid.push(record as T);
      return;
    }
    const id = (record as { id?: unknown } | null)?.id;
    oddities.push({
      kind: 'wrong-field',
      request,
      what: `the ${schema.toLowerCase()} at position ${position}${typeof id === 'string' ? ` (${id})` : ''} does not match openapi.json: ${problems.join('; ')}`,
      then: 'it is left out',
      evidence: { position, record },
    });
  });
  const { kept, oddities: repeats } = withoutRepeats(valid, request, schema.toLowerCase());
  oddities.push(...repeats);
  return kept;
}

/** Keys a paginated list answer commonly carries to say there is more. */
const NEXT_PAGE_KEYS = ['next', 'next_cursor', 'cursor', 'next_page', 'next_page_token', 'page_token', 'has_more'];

/** What in a list answer says there is another page (a Link header with rel="next", a cursor, has_more), or undefined. */
function morePages(answer: Answer, body: Record<string, unknown>): string | undefined {
  const link = answer.headers.link;
  if (link !== undefined && /rel="?next"?/i.test(link)) return `Link: ${excerpt(link)}`;
  const key = NEXT_PAGE_KEYS.find(
    (name) => body[name] !== undefined && body[name] !== null && body[name] !== false && body[name] !== '',
  );
  return key === undefined ? undefined : `${key}: ${excerpt(JSON.stringify(body[key]))}`;
}

/** The detail of a listed account, or undefined (an oddity says why). */
function detailOf(answer: Answer, account: Account, oddities: Oddity[]): AccountDetail | undefined {
  const request = describe(answer);
  const unused = 'the listing is used, without auto_carry_forward';
  const body = usableBody(answer, unused, oddities);
  if (body === undefined) return undefined;
  const problems = schemaProblems('AccountDetail', body);
  if (problems.length > 0) {
    oddities.push({
      kind: 'wrong-field',
      request,
      what: `the detail does not match openapi.json: ${problems.join('; ')}`,
      then: unused,
      evidence: body,
    });
    return undefined;
  }
  const detail = body as AccountDetail;
  // Fields openapi.json gives the listing only: a field the service adds to the listing alone is additive.
  const fields = schemaFields('Account') as Array<keyof Account>;
  const differs = differingFields(pick(account, fields), pick(detail, fields));
  if (differs.length > 0) {
    oddities.push({
      kind: 'detail-differs',
      request,
      what: `account ${account.id}: the detail and the listing differ in ${differs.join(', ')}`,
      then: differs.includes('id') ? 'the listing is used, without auto_carry_forward' : 'the detail is used',
      evidence: { listed: account, detail },
    });
    if (differs.includes('id')) return undefined;
  }
  return detail;
}

/** One snapshot per (account_id, snapshot_date): a second id for a pair is an oddity. */
function pairsOnce(snapshots: Snapshot[], request: string, oddities: Oddity[]): Snapshot[] {
  const first = new Map<string, Snapshot>();
  return snapshots.filter((snapshot) => {
    const pair = `${snapshot.account_id}@${snapshot.snapshot_date}`;
    const was = first.get(pair);
    if (!was) {
      first.set(pair, snapshot);
      return true;
    }
    oddities.push({
      kind: 'pair-twice',
      request,
      what: `account ${snapshot.account_id} has two snapshots on ${snapshot.snapshot_date} (${was.id} and ${snapshot.id})`,
      then: `the first (${was.id}) is used`,
      evidence: { first: was, again: snapshot },
    });
    return false;
  });
}

/** The snapshots of listed accounts; the others are one oddity per account. */
function ofListedAccounts(
  snapshots: Snapshot[],
  accounts: readonly Account[],
  request: string,
  oddities: Oddity[],
): Snapshot[] {
  const listedIds = new Set(accounts.map((a) => a.id));
  const unlisted = new Map<string, Snapshot[]>();
  const kept: Snapshot[] = [];
  for (const s of snapshots) {
    if (listedIds.has(s.account_id)) kept.push(s);
    else unlisted.set(s.account_id, [...(unlisted.get(s.account_id) ?? []), s]);
  }
  for (const [accountId, orphans] of unlisted) {
    oddities.push({
      kind: 'unlisted-account',
      request,
      what: `${orphans.length} snapshot(s) of account ${accountId}, which the account listing does not hold (${orphans
        .slice(0, 3)
        .map((s) => `${s.snapshot_date} ${s.id}`)
        .join(', ')}${orphans.length > 3 ? ', ...' : ''})`,
      then: 'they are left out',
      evidence: { account_id: accountId, snapshots: orphans.slice(0, 20), count: orphans.length },
    });
  }
  return kept;
}

/** The JSON object of a 200 answer, or undefined with an oddity saying what it was instead. */
function usableBody(answer: Answer, unused: string, oddities: Oddity[]): Record<string, unknown> | undefined {
  const request = describe(answer);
  if (answer.status !== 200) {
    oddities.push({
      kind: 'unanswered',
      request,
      what: refusal(answer),
      then: unused,
      evidence: { status: answer.status, body: answer.json ?? excerpt(answer.text) },
    });
    return undefined;
  }
  if (typeof answer.json !== 'object' || answer.json === null || Array.isArray(answer.json)) {
    oddities.push({
      kind: 'not-json',
      request,
      what: `answered 200 with ${answer.json === undefined ? `a body that is not JSON (content-type ${answer.headers['content-type'] ?? 'none'})` : 'JSON that is not an object'}`,
      then: unused,
      evidence: answer.json ?? excerpt(answer.text),
    });
    return undefined;
  }
  return answer.json as Record<string, unknown>;
}

/** How an answer that is not a 200 came back: `answered 401 invalid_token`, or why none came. */
function refusal(answer: Answer): string {
  if (answer.failure !== undefined) return `got no answer: ${answer.failure}`;
  if (answer.status !== 200) {
    const code = (answer.json as { code?: unknown } | undefined)?.code;
    return `answered ${answer.status}${typeof code === 'string' ? ` ${code}` : ''}`;
  }
  return 'answered 200 without the identity (user_id, household_id, token_id strings)';
}

/** `GET /api/public/v1/snapshots?account_id=...`. */
function describe(answer: Answer): string {
  const { method, path, query } = answer.request;
  return `${method} ${path}${query ? `?${query}` : ''}`;
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = object[key];
  return out;
}
