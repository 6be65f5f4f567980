// Finds the ledger accounts the mapping names, and creates the missing ones.
import type { Account, Category, LedgerClient } from 'personal-ledger-sdk';
import type { AccountTarget } from './mapping';

/** What became of one ledger account named in the mapping. */
export type ResolvedAccount =
  | { state: 'existing'; target: AccountTarget; id: string }
  | { state: 'created'; target: AccountTarget; id: string; category: Category }
  /** A dry run: it would be created. */
  | { state: 'to_create'; target: AccountTarget; category: Category }
  /** It cannot be used: ambiguous name, or no such category to create it with. */
  | { state: 'unavailable'; target: AccountTarget; reason: string };

/** The key ledger accounts are matched by: the name, ignoring case and repeated spaces. */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Resolves each target by name among the accounts visible to the token (an exact match first, else one that
 * differs only in case). A missing account is created with the category of the target's name and type, unless
 * `create` is false (a dry run), in which case it is reported as `to_create`. Returns a map by nameKey.
 *
 * @param institutionName used for created accounts when the target has none @default the service's ('Public API')
 */
export async function resolveAccounts(
  client: LedgerClient,
  targets: readonly AccountTarget[],
  options: { create: boolean; institutionName?: string },
): Promise<Map<string, ResolvedAccount>> {
  const accounts = await client.accounts.list();
  let categories: Category[] | undefined;
  const resolved = new Map<string, ResolvedAccount>();
  for (const target of targets) {
    const key = nameKey(target.account);
    if (resolved.has(key)) continue;
    const found = findByName(accounts, target.account);
    if (found.length > 1) {
      resolved.set(key, {
        state: 'unavailable',
        target,
        reason: `${found.length} ledger accounts are named "${target.account}"; rename one`,
      });
      continue;
    }
    if (found.length === 1) {
      resolved.set(key, { state: 'existing', target, id: found[0]!.id });
      continue;
    }
    categories ??= await client.categories.list();
    const category = findCategory(categories, target);
    if (!category) {
      const reason = `ledger account "${target.account}" does not exist, and there is no category "${target.category}" (${target.category_type}) to create it with`;
      resolved.set(key, { state: 'unavailable', target, reason });
      continue;
    }
    if (!options.create) {
      resolved.set(key, { state: 'to_create', target, category });
      continue;
    }
    const institution = target.institution_name ?? options.institutionName;
    // POST /accounts is not idempotent, so the SDK does not retry it: one attempt, one account.
    const created = await client.accounts.create({
      name: target.account,
      category_id: category.id,
      ...(institution ? { institution_name: institution } : {}),
    });
    accounts.push(created);
    resolved.set(key, { state: 'created', target, id: created.id, category });
  }
  return resolved;
}

function findByName(accounts: readonly Account[], name: string): Account[] {
  const exact = accounts.filter((a) => a.name === name);
  return exact.length > 0 ? exact : accounts.filter((a) => nameKey(a.name) === nameKey(name));
}

function findCategory(categories: readonly Category[], target: AccountTarget): Category | undefined {
  const type = target.category_type.trim().toLowerCase();
  return categories.find((c) => nameKey(c.name) === nameKey(target.category) && c.type.toLowerCase() === type);
}

/** The id to write to, if the account exists (or was just created). */
export function accountIdOf(account: ResolvedAccount | undefined): string | undefined {
  return account && (account.state === 'existing' || account.state === 'created') ? account.id : undefined;
}

/** One line per account created (or, in a dry run, to be created). */
export function describeNewAccounts(accounts: ReadonlyMap<string, ResolvedAccount>): string[] {
  return [...accounts.values()].flatMap((a) => {
    const what = `ledger account "${a.target.account}" (${a.target.category}, ${a.target.category_type})`;
    if (a.state === 'created') return [`Created ${what}.`];
    if (a.state === 'to_create') return [`Would create ${what}.`];
    return [];
  });
}
