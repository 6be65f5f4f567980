// mapping.json: bank profiles, and which bank account goes to which ledger account.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkProfile, labelKey, type BankProfile } from './bank-csv.js';
import { SetupError } from './report-error.js';

/** examples/data/mapping.json: used when an example gets no --mapping. */
export const DEFAULT_MAPPING = fileURLToPath(new URL('../data/mapping.json', import.meta.url));

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
}

/** One bank: how to read its export, and its account labels. */
export interface BankMapping {
  id: string;
  profile: BankProfile;
  /** By labelKey(label). */
  accounts: Map<string, AccountTarget>;
}

export interface Mapping {
  banks: Map<string, BankMapping>;
  /** By ACCTID as written in the statement. */
  ofxAccounts: Map<string, AccountTarget>;
}

/** Reads and checks a mapping file. Throws SetupError listing every problem, each with its JSON path. */
export async function loadMapping(path: string): Promise<Mapping> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new SetupError(`cannot read mapping file ${path}: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  const mapping = checkMapping(raw, problems);
  if (problems.length > 0) throw new SetupError(`mapping file ${path} has problems:\n  ${problems.join('\n  ')}`);
  return mapping;
}

/** Checks a parsed mapping, pushing each problem found. */
export function checkMapping(raw: unknown, problems: string[]): Mapping {
  const root = asObject(raw, '(the file)', problems);
  const banks = new Map<string, BankMapping>();
  for (const [id, bank] of Object.entries(asObject(root.banks ?? {}, 'banks', problems))) {
    const where = `banks.${id}`;
    const profile = checkProfile(bank, where);
    if (!profile.ok) problems.push(...profile.reason.split('\n'));
    const accounts = new Map<string, AccountTarget>();
    for (const [label, target] of Object.entries(asObject((bank as { accounts?: unknown })?.accounts, `${where}.accounts`, problems))) {
      const checked = checkTarget(target, `${where}.accounts["${label}"]`, problems);
      if (accounts.has(labelKey(label))) problems.push(`${where}.accounts has "${label}" twice (labels match ignoring case)`);
      if (checked) accounts.set(labelKey(label), checked);
    }
    if (profile.ok) banks.set(id, { id, profile: profile.value, accounts });
  }
  const ofxAccounts = new Map<string, AccountTarget>();
  for (const [acctId, target] of Object.entries(asObject(root.ofx_accounts ?? {}, 'ofx_accounts', problems))) {
    const checked = checkTarget(target, `ofx_accounts["${acctId}"]`, problems);
    if (checked) ofxAccounts.set(acctId.trim(), checked);
  }
  return { banks, ofxAccounts };
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
