// Everything the token can see, read with GET only: identity, categories, accounts (list and each one's detail)
// and every snapshot. Read before the probes (to mirror the target, and to know what to leave alone) and after
// them (to show that nothing else changed).
import type { Account, AccountDetail, Category, Identity, Snapshot } from '../../src/types';
import type { RequestGate } from '../http/gate';
import type { Answer } from '../../reading/answer';

/** Everything one token sees. */
export interface Inventory {
  me: Identity;
  categories: Category[];
  accounts: Account[];
  /** GET /accounts/{id} of every listed account, by id. */
  details: Record<string, AccountDetail>;
  /** GET /snapshots, unfiltered. */
  snapshots: Snapshot[];
}

/** A read the inventory needs did not answer as the API says it must. */
export class InventoryError extends Error {
  override readonly name = 'InventoryError';
}

const API = '/api/public/v1';

/** Reads everything the token sees (4 + one request per account). */
export async function readInventory(gate: RequestGate): Promise<Inventory> {
  const read = async (path: string, query = ''): Promise<Record<string, unknown>> => {
    const answer = await gate.send({ method: 'GET', path: `${API}${path}`, query }, 'upkeep');
    return expectObject(answer);
  };
  const me = (await read('/me')) as unknown as Identity;
  for (const field of ['user_id', 'household_id', 'token_id'] as const) {
    if (typeof me[field] !== 'string') throw new InventoryError(`GET /me gave no ${field} string`);
  }
  const categories = listOf<Category>(await read('/categories'), 'categories');
  const accounts = listOf<Account>(await read('/accounts'), 'accounts');
  const details: Record<string, AccountDetail> = {};
  for (const account of accounts) {
    if (typeof account.id !== 'string') throw new InventoryError('GET /accounts listed an account without an id string');
    details[account.id] = (await read(`/accounts/${encodeURIComponent(account.id)}`)) as unknown as AccountDetail;
  }
  const snapshots = listOf<Snapshot>(await read('/snapshots'), 'snapshots');
  return { me: pick(me, ['user_id', 'household_id', 'token_id']), categories, accounts, details, snapshots };
}

function expectObject(answer: Answer): Record<string, unknown> {
  const where = `${answer.request.method} ${answer.request.path}${answer.request.query ? `?${answer.request.query}` : ''}`;
  if (answer.failure !== undefined) throw new InventoryError(`${where}: ${answer.failure}`);
  if (answer.status !== 200) {
    const code = (answer.json as { code?: unknown } | undefined)?.code;
    throw new InventoryError(`${where} answered ${answer.status}${typeof code === 'string' ? ` ${code}` : ''}`);
  }
  if (typeof answer.json !== 'object' || answer.json === null || Array.isArray(answer.json)) {
    throw new InventoryError(`${where} answered 200 without a JSON object`);
  }
  return answer.json as Record<string, unknown>;
}

function listOf<T>(body: Record<string, unknown>, key: string): T[] {
  const list = body[key];
  if (!Array.isArray(list)) throw new InventoryError(`the answer has no ${key} array`);
  return list.filter((item): item is T => typeof item === 'object' && item !== null);
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = object[key];
  return out;
}

/** What changed between two inventories, as sentences (ids only: no names or balances). */
export function inventoryChanges(before: Inventory, after: Inventory): string[] {
  const changes: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(before.me, after.me)) changes.push('GET /me changed');
  compareById(before.categories, after.categories, 'category', changes);
  compareById(before.accounts, after.accounts, 'account', changes);
  for (const id of Object.keys(before.details)) {
    if (after.details[id] && !same(before.details[id], after.details[id])) {
      const fields = Object.keys({ ...before.details[id], ...after.details[id] }).filter(
        (key) => !same((before.details[id] as unknown as Record<string, unknown>)[key], (after.details[id] as unknown as Record<string, unknown>)[key]),
      );
      changes.push(`account ${id}: ${fields.join(', ')} changed`);
    }
  }
  compareById(before.snapshots, after.snapshots, 'snapshot', changes);
  if (!same(before.categories.map((c) => c.id), after.categories.map((c) => c.id)) && changes.length === 0) changes.push('categories are listed in another order');
  return changes;
}

function compareById(before: ReadonlyArray<{ id: string }>, after: ReadonlyArray<{ id: string }>, what: string, changes: string[]): void {
  const was = new Map(before.map((item) => [item.id, JSON.stringify(item)]));
  const now = new Map(after.map((item) => [item.id, JSON.stringify(item)]));
  for (const [id, text] of was) {
    if (!now.has(id)) changes.push(`${what} ${id} is gone`);
    else if (now.get(id) !== text && what !== 'account') changes.push(`${what} ${id} changed`);
  }
  for (const id of now.keys()) if (!was.has(id)) changes.push(`${what} ${id} is new`);
}
