// The mapping file: which statement account goes to which ledger account, for every source alike. A statement's
// account is looked up by the id the file gives it (IBAN, ACCTID, MT940 :25:, a CSV label) or a SimpleFIN account's
// `simplefin:<org>/<id>`, ignoring spaces and case. CSV exports also need their bank's profile, under `banks`; the older
// `ofx_accounts` is read as more `accounts`. The file is JSON with comments (as the docs show it), and a field it
// does not know is refused: a typo ignored would quietly leave an account unmapped or a sign unflipped.
import { readFile } from 'node:fs/promises';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { checkBankProfile, type BankProfile } from 'personal-ledger-sdk/statements';
import { KNOWN_CATEGORY_TYPES } from '../src/generated/api-constants';
import { didYouMean, unknownFields } from '../src/shared/suggest';
import { SetupError } from './errors';

/** A ledger account named in the mapping, with what to create it as when it does not exist yet. */
export interface AccountTarget {
  /** The ledger account's name (matched exactly, else ignoring case). */
  account: string;
  /** Category name used when the account must be created (from GET /categories). */
  category: string;
  /** Category type used with `category` (`asset`, `liability`). */
  category_type: string;
  /** Institution name for a created account. @default the bank profile's institution_name, else the service's */
  institution_name?: string;
  /**
   * Write the figure with the opposite sign. Card issuers differ: some send what is owed as a negative figure (Amex,
   * ANZ), some as a positive one (RBC); the ledger keeps a debt negative. @default false
   */
  negate_balance?: boolean;
  /** The currency the statements must be in (ISO 4217); a balance in another is skipped. @default any */
  currency?: string;
}

/** One bank: how its CSV export is laid out, and its accounts by the export's label. */
export interface BankMapping {
  id: string;
  profile: BankProfile;
  /** By accountKey(label): for this bank's CSV exports only (then `accounts` is looked in). */
  accounts: Map<string, AccountTarget>;
  /** The one account of a single-account export (no columns.label). */
  account: AccountTarget | undefined;
}

/** A checked mapping. */
export interface Mapping {
  /** By accountKey(id): `accounts` and `ofx_accounts` together; for every source. */
  accounts: Map<string, AccountTarget>;
  banks: Map<string, BankMapping>;
}

/** A note for people, allowed in every object of the mapping (as JSON Schema allows it). */
const NOTE = '$comment';
/** The fields of the mapping itself. */
const MAPPING_FIELDS = ['accounts', 'banks', 'ofx_accounts', NOTE] as const;
/** The fields of an account entry (of AccountTarget). */
const TARGET_FIELDS = [
  'account',
  'category',
  'category_type',
  'institution_name',
  'negate_balance',
  'currency',
  NOTE,
] as const satisfies ReadonlyArray<keyof AccountTarget | typeof NOTE>;
/** Fields of a bank entry that are the mapping's, not the profile's. */
const BANK_FIELDS = ['accounts', 'account', NOTE] as const;

/** Accounts match ignoring spaces and case: `DE89 3704 0044` is `de8937040044`. */
export function accountKey(id: string): string {
  return id.replace(/\s+/g, '').toLowerCase();
}

/** Reads and checks a mapping file. Throws SetupError listing every problem, each with its JSON path. */
export async function loadMapping(path: string): Promise<Mapping> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SetupError(`cannot read mapping file ${path}: ${(error as Error).message}`);
  }
  const raw = parseMappingText(text, path);
  const problems: string[] = [];
  const mapping = checkMapping(raw, problems);
  if (problems.length > 0) throw new SetupError(`mapping file ${path} has problems:\n  ${problems.join('\n  ')}`);
  return mapping;
}

/** The words for each syntax error of jsonc-parser. */
const SYNTAX_ERRORS: Record<ReturnType<typeof printParseErrorCode>, string> = {
  InvalidSymbol: 'this is not JSON here (a name or string needs double quotes)',
  InvalidNumberFormat: 'a number is malformed',
  PropertyNameExpected: 'a field name in double quotes was expected (a comma too many?)',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon (:) was expected after the field name',
  CommaExpected: 'a comma (,) was expected',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the file should end here: it has something after its one { ... } object',
  InvalidCommentToken: 'a comment is malformed',
  UnexpectedEndOfComment: 'a /* comment is not closed with */',
  UnexpectedEndOfString: 'a string is not closed with "',
  UnexpectedEndOfNumber: 'a number ends too soon',
  InvalidUnicode: 'a \\u escape is malformed',
  InvalidEscapeCharacter: 'a \\ escape is not one JSON knows (write \\\\ for a backslash)',
  InvalidCharacter: 'a string holds a line break or tab (write \\n or \\t)',
  '<unknown ParseErrorCode>': 'this is not JSON here',
};

/**
 * The mapping file's text as a value: JSON, with `//` and `/* *\/` comments and trailing commas allowed, and a
 * byte-order mark (as Windows Notepad writes) skipped. A syntax error is refused naming its line and column.
 */
function parseMappingText(text: string, path: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first) {
    const before = body.slice(0, first.offset).split('\n');
    const where = `line ${before.length}, column ${before.at(-1)!.length + 1}`;
    throw new SetupError(
      `mapping file ${path} is not valid JSON: ${where}: ${SYNTAX_ERRORS[printParseErrorCode(first.error)]}`,
    );
  }
  return value;
}

/** Checks a parsed mapping, pushing each problem found. */
export function checkMapping(raw: unknown, problems: string[]): Mapping {
  const root = asObject(raw, '(the file)', problems);
  problems.push(...unknownFields(root, MAPPING_FIELDS, '', 'the mapping'));
  const accounts = new Map<string, AccountTarget>();
  const where = new Map<string, string>();
  const add = (id: string, target: AccountTarget, at: string) => {
    const key = accountKey(id);
    const before = accounts.get(key);
    if (before && before.account !== target.account)
      problems.push(`${at} maps "${id}" to "${target.account}", but ${where.get(key)} maps it to "${before.account}"`);
    if (!before) {
      accounts.set(key, target);
      where.set(key, at);
    }
  };
  for (const section of ['accounts', 'ofx_accounts'] as const) {
    for (const [id, target] of Object.entries(asObject(root[section] ?? {}, section, problems))) {
      const checked = checkTarget(target, `${section}["${id}"]`, problems);
      if (checked) add(id, checked, `${section}["${id}"]`);
    }
  }
  const banks = new Map<string, BankMapping>();
  for (const [id, given] of Object.entries(asObject(root.banks ?? {}, 'banks', problems))) {
    const at = `banks.${id}`;
    const bank = asObject(given, at, problems);
    const profile = checkBankProfile(bank, at, BANK_FIELDS);
    if (!profile.ok) problems.push(...profile.reason.split('\n'));
    const own = new Map<string, AccountTarget>();
    const byLabel = profile.ok && profile.value.columns.label !== undefined;
    if (bank.accounts !== undefined) {
      if (profile.ok && !byLabel)
        problems.push(
          `${at}.accounts maps labels, but the profile has no account column (columns.label): use "account"`,
        );
      for (const [label, target] of Object.entries(asObject(bank.accounts, `${at}.accounts`, problems))) {
        const checked = checkTarget(target, `${at}.accounts["${label}"]`, problems);
        if (own.has(accountKey(label)))
          problems.push(`${at}.accounts has "${label}" twice (labels match ignoring spaces and case)`);
        if (checked) own.set(accountKey(label), checked);
      }
    }
    let account: AccountTarget | undefined;
    if (bank.account !== undefined) {
      if (byLabel)
        problems.push(
          `${at}.account is for single-account files; this profile has an account column (columns.label): use "accounts"`,
        );
      account = checkTarget(bank.account, `${at}.account`, problems);
    } else if (profile.ok && !byLabel) {
      problems.push(
        `${at}.account is required: the ledger account of this single-account export (its profile has no columns.label)`,
      );
    }
    if (profile.ok) banks.set(id, { id, profile: profile.value, accounts: own, account });
  }
  return { accounts, banks };
}

function checkTarget(raw: unknown, where: string, problems: string[]): AccountTarget | undefined {
  const t = asObject(raw, where, problems);
  const before = problems.length;
  problems.push(...unknownFields(t, TARGET_FIELDS, where, 'an account entry'));
  for (const key of ['account', 'category', 'category_type'] as const) {
    if (typeof t[key] !== 'string' || (t[key] as string).trim() === '')
      problems.push(`${where}.${key} must be a non-empty string`);
  }
  if (typeof t.account === 'string' && [...t.account].length > 120)
    problems.push(`${where}.account must be 1-120 characters`);
  if (typeof t.category_type === 'string' && t.category_type.trim() !== '' && !isKnownCategoryType(t.category_type)) {
    problems.push(
      `${where}.category_type "${t.category_type}" is not a category type: use ${KNOWN_CATEGORY_TYPES.map((k) => `"${k}"`).join(' or ')}${didYouMean(t.category_type, KNOWN_CATEGORY_TYPES)}`,
    );
  }
  if (t.institution_name !== undefined && (typeof t.institution_name !== 'string' || t.institution_name === '')) {
    problems.push(`${where}.institution_name must be a non-empty string`);
  }
  if (t.negate_balance !== undefined && typeof t.negate_balance !== 'boolean')
    problems.push(`${where}.negate_balance must be true or false`);
  if (t.currency !== undefined && (typeof t.currency !== 'string' || !/^[A-Z]{3}$/.test(t.currency)))
    problems.push(`${where}.currency must be a three-letter ISO 4217 code such as "EUR"`);
  return problems.length === before ? (t as unknown as AccountTarget) : undefined;
}

/** The types of GET /categories, matched ignoring case and spaces around, as accounts.ts finds a category. */
function isKnownCategoryType(type: string): boolean {
  return (KNOWN_CATEGORY_TYPES as readonly string[]).includes(type.trim().toLowerCase());
}

function asObject(value: unknown, where: string, problems: string[]): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  problems.push(`${where} must be a JSON object`);
  return {};
}

/** An account to start a mapping from: its key (as the source names it), a name for its ledger account, its currency. */
export interface StarterAccount {
  key: string;
  account: string;
  currency?: string | undefined;
}

/**
 * A mapping to start from: `accounts` with an entry for each account given, for the user to name each ledger account
 * and set its category (each is created as Cash, an asset, until then).
 */
export function startingMapping(entries: readonly StarterAccount[]): { accounts: Record<string, AccountTarget> } {
  return { accounts: Object.fromEntries(entries.map((e) => [e.key, starterTarget(e)])) };
}

/**
 * {@link startingMapping} as JSON text, one line per account in the order given: indented for printing, or (`indent`
 * '') as a file.
 *
 * @param indent put before every line @default '  '
 */
export function mappingToStartFrom(entries: readonly StarterAccount[], indent = '  '): string {
  const lines = entries.map((e) => `${indent}    ${JSON.stringify(e.key)}: ${JSON.stringify(starterTarget(e))}`);
  return `${indent}{\n${indent}  "accounts": {\n${lines.join(',\n')}\n${indent}  }\n${indent}}`;
}

function starterTarget(e: StarterAccount): AccountTarget {
  return {
    account: e.account,
    category: 'Cash',
    category_type: 'asset',
    ...(e.currency ? { currency: e.currency } : {}),
  };
}
