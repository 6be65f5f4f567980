// mapping.json: bank profiles, and which bank account goes to which ledger account. A bank may name one of the real
// layouts of examples/data/bank-profiles.json (`"profile": "atruvia-de"`) instead of spelling its format out.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkProfile, labelKey, type BankProfile } from './bank-profile.js';
import { SetupError } from './report-error.js';

/** examples/data/mapping.json: used when an example gets no --mapping. */
export const DEFAULT_MAPPING = fileURLToPath(new URL('../data/mapping.json', import.meta.url));

/** examples/data/bank-profiles.json: the real bank layouts a mapping can name with `"profile"`. */
export const BANK_PROFILES = fileURLToPath(new URL('../data/bank-profiles.json', import.meta.url));

/** A ledger account named in mapping.json, with what to create it as when it does not exist yet. */
export interface AccountTarget {
  /** The ledger account's name (matched exactly, else ignoring case). */
  account: string;
  /** Category name used when the account must be created (from GET /categories). */
  category: string;
  /** Category type used with `category` (`asset`, `liability`). */
  category_type: string;
  /** Institution name for a created account. @default the bank profile's institution_name */
  institution_name?: string;
  /**
   * Write the bank's balance with the opposite sign. Card issuers differ: some send what is owed as a negative
   * figure (Amex, ANZ), some as a positive one (RBC); the ledger keeps a debt negative. @default false
   */
  negate_balance?: boolean;
}

/** One bank: how to read its export, and its accounts. */
export interface BankMapping {
  id: string;
  profile: BankProfile;
  /** By labelKey(label): for files with an account column (columns.label). */
  accounts: Map<string, AccountTarget>;
  /** The one account of a single-account file (no columns.label). */
  account: AccountTarget | undefined;
}

export interface Mapping {
  banks: Map<string, BankMapping>;
  /** By ACCTID as written in the statement. */
  ofxAccounts: Map<string, AccountTarget>;
}

/** Fields of bank-profiles.json entries that document a layout; they are not part of the format. */
const DOCUMENTATION = ['bank', 'country', 'special', 'learned_from', 'fixture'] as const;
/** Fields of a mapping's bank that are not part of the format. */
const BANK_FIELDS = ['profile', 'accounts', 'account'] as const;

/** The real bank layouts, by id, with their documentation fields. Throws SetupError if the table is unreadable. */
export async function loadBankProfiles(path = BANK_PROFILES): Promise<Map<string, Record<string, unknown>>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new SetupError(`cannot read the bank profiles ${path}: ${(error as Error).message}`);
  }
  const profiles = (raw as { profiles?: unknown })?.profiles;
  if (typeof profiles !== 'object' || profiles === null) throw new SetupError(`${path} has no "profiles" object`);
  return new Map(Object.entries(profiles as Record<string, Record<string, unknown>>));
}

/** Reads and checks a mapping file. Throws SetupError listing every problem, each with its JSON path. */
export async function loadMapping(path: string, profilesPath = BANK_PROFILES): Promise<Mapping> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new SetupError(`cannot read mapping file ${path}: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  const mapping = checkMapping(raw, problems, await loadBankProfiles(profilesPath));
  if (problems.length > 0) throw new SetupError(`mapping file ${path} has problems:\n  ${problems.join('\n  ')}`);
  return mapping;
}

/** Checks a parsed mapping, pushing each problem found. `profiles` are the layouts a bank may name. */
export function checkMapping(raw: unknown, problems: string[], profiles: ReadonlyMap<string, Record<string, unknown>> = new Map()): Mapping {
  const root = asObject(raw, '(the file)', problems);
  const banks = new Map<string, BankMapping>();
  for (const [id, given] of Object.entries(asObject(root.banks ?? {}, 'banks', problems))) {
    const where = `banks.${id}`;
    const bank = asObject(given, where, problems);
    const profile = checkProfile(withProfile(bank, where, profiles, problems), where);
    if (!profile.ok) problems.push(...profile.reason.split('\n'));
    const accounts = new Map<string, AccountTarget>();
    let account: AccountTarget | undefined;
    const byLabel = profile.ok && profile.value.columns.label !== undefined;
    if (bank.accounts !== undefined || byLabel) {
      if (profile.ok && !byLabel) problems.push(`${where}.accounts maps labels, but the profile has no account column (columns.label): use "account"`);
      for (const [label, target] of Object.entries(asObject(bank.accounts, `${where}.accounts`, problems))) {
        const checked = checkTarget(target, `${where}.accounts["${label}"]`, problems);
        if (accounts.has(labelKey(label))) problems.push(`${where}.accounts has "${label}" twice (labels match ignoring case)`);
        if (checked) accounts.set(labelKey(label), checked);
      }
    }
    if (bank.account !== undefined) {
      if (byLabel) problems.push(`${where}.account is for single-account files; this profile has an account column (columns.label): use "accounts"`);
      account = checkTarget(bank.account, `${where}.account`, problems);
    } else if (profile.ok && !byLabel) {
      problems.push(`${where}.account is required: the ledger account of this single-account export (its profile has no columns.label)`);
    }
    if (profile.ok) banks.set(id, { id, profile: profile.value, accounts, account });
  }
  const ofxAccounts = new Map<string, AccountTarget>();
  for (const [acctId, target] of Object.entries(asObject(root.ofx_accounts ?? {}, 'ofx_accounts', problems))) {
    const checked = checkTarget(target, `ofx_accounts["${acctId}"]`, problems);
    if (checked) ofxAccounts.set(acctId.trim(), checked);
  }
  return { banks, ofxAccounts };
}

/** The bank's format: the named layout's fields, then the bank's own fields over them. */
function withProfile(bank: Record<string, unknown>, where: string, profiles: ReadonlyMap<string, Record<string, unknown>>, problems: string[]): Record<string, unknown> {
  const own = Object.fromEntries(Object.entries(bank).filter(([key]) => !(BANK_FIELDS as readonly string[]).includes(key)));
  if (bank.profile === undefined) return own;
  const base = typeof bank.profile === 'string' ? profiles.get(bank.profile) : undefined;
  if (!base) {
    problems.push(`${where}.profile "${String(bank.profile)}" is not a known bank layout (${[...profiles.keys()].join(', ') || 'none'})`);
    return own;
  }
  const format = Object.fromEntries(Object.entries(base).filter(([key]) => !(DOCUMENTATION as readonly string[]).includes(key)));
  return { ...format, ...own };
}

function checkTarget(raw: unknown, where: string, problems: string[]): AccountTarget | undefined {
  const t = asObject(raw, where, problems);
  const before = problems.length;
  for (const key of ['account', 'category', 'category_type'] as const) {
    if (typeof t[key] !== 'string' || (t[key] as string).trim() === '') problems.push(`${where}.${key} must be a non-empty string`);
  }
  if (typeof t.account === 'string' && [...t.account].length > 120) problems.push(`${where}.account must be 1-120 characters`);
  if (t.institution_name !== undefined && (typeof t.institution_name !== 'string' || t.institution_name === '')) {
    problems.push(`${where}.institution_name must be a non-empty string`);
  }
  if (t.negate_balance !== undefined && typeof t.negate_balance !== 'boolean') problems.push(`${where}.negate_balance must be true or false`);
  return problems.length === before ? (t as unknown as AccountTarget) : undefined;
}

function asObject(value: unknown, where: string, problems: string[]): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  problems.push(`${where} must be a JSON object`);
  return {};
}

/** The bank named by --bank, or a SetupError listing the known ones. */
export function bankById(mapping: Mapping, id: string | undefined, mappingPath: string): BankMapping {
  const known = [...mapping.banks.keys()].join(', ') || '(none)';
  if (id === undefined) throw new SetupError(`--bank is required: one of ${known} (bank profiles in ${mappingPath})`);
  const bank = mapping.banks.get(id);
  if (!bank) throw new SetupError(`no bank profile "${id}" in ${mappingPath}; known: ${known}`);
  return bank;
}

/** The ledger account a bank's label goes to (the single account, in a single-account file). */
export function targetOf(bank: BankMapping, label: string): AccountTarget | undefined {
  return bank.account ?? bank.accounts.get(labelKey(label));
}
