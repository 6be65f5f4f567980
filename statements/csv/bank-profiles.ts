// The real bank layouts shipped with the package (bank-profiles.json), and how a profile given as JSON is completed:
// `"profile": "<id>"` names a layout, and the fields beside it override the layout's.
import type { Parsed } from './amounts';
import { checkProfile, type BankProfile } from './profile';
import table from './bank-profiles.json';

/** A shipped layout: the format's fields, and where it was learned. */
export interface BankLayout {
  /** The bank(s) that write this layout. */
  bank: string;
  /** ISO country code. */
  country: string;
  /** What is special about it. */
  special: string;
  /** The public repositories and paths the layout was learned from. */
  learned_from: string[];
  /** Its made-up fixture in this package's repository. */
  fixture: string;
  /** The format, as a profile. */
  profile: BankProfile;
}

/** Fields of a layout entry that document it; they are not part of the format. */
const DOCUMENTATION = ['bank', 'country', 'special', 'learned_from', 'fixture'] as const;

/** The shipped layouts, by id (`atruvia-de`, `chase-us`...). */
export const BANK_LAYOUTS: ReadonlyMap<string, BankLayout> = new Map(
  Object.entries(table.profiles as Record<string, Record<string, unknown>>).map(([id, entry]) => {
    // The shipped table is checked by the tests, its encodings too; here, at load, no global (TextDecoder) is touched.
    const checked = checkProfile(formatOf(entry), `bank layout ${id}`, [], () => true);
    if (!checked.ok) throw new Error(checked.reason);
    const doc = entry as unknown as Omit<BankLayout, 'profile'>;
    return [
      id,
      {
        bank: doc.bank,
        country: doc.country,
        special: doc.special,
        learned_from: doc.learned_from,
        fixture: doc.fixture,
        profile: checked.value,
      },
    ];
  }),
);

function formatOf(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry).filter(([key]) => !(DOCUMENTATION as readonly string[]).includes(key)),
  );
}

/**
 * Checks a bank profile given as data (from a JSON mapping file): either the whole format, or `"profile": "<id>"`
 * naming a shipped layout with any fields to override. `ignore` lists keys that are not part of the format (a
 * mapping's own fields). Every problem is named with its path under `where`.
 *
 * @param where the JSON path of the profile, for messages @default 'profile'
 */
export function checkBankProfile(
  spec: unknown,
  where = 'profile',
  ignore: readonly string[] = [],
): Parsed<BankProfile> {
  const given =
    typeof spec === 'object' && spec !== null && !Array.isArray(spec) ? (spec as Record<string, unknown>) : undefined;
  if (!given) return { ok: false, reason: `${where} must be an object` };
  const own = Object.fromEntries(Object.entries(given).filter(([key]) => key !== 'profile' && !ignore.includes(key)));
  const besides = ['profile', ...ignore];
  if (given.profile === undefined) return checkProfile(own, where, besides);
  const profiles = table.profiles as Record<string, unknown>;
  const layout =
    typeof given.profile === 'string' && Object.hasOwn(profiles, given.profile) ? profiles[given.profile] : undefined;
  if (!layout) {
    return {
      ok: false,
      reason: `${where}.profile "${String(given.profile)}" is not a known bank layout (${[...BANK_LAYOUTS.keys()].join(', ')})`,
    };
  }
  return checkProfile({ ...formatOf(layout as Record<string, unknown>), ...own }, where, besides);
}
