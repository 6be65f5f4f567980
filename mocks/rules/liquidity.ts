import type { CategoryRecord, LiquidityTier } from '../store/records';

/** A liquidity tier as responses show it: never `auto`. */
export type ResolvedLiquidityTier = Exclude<LiquidityTier, 'auto'>;

// Spec-gaps 22, first match wins. A keyword matches at the start of a word of the category's
// name, case-insensitively ("Cars" and "401(k)" match; "Scarf" does not match "car").
const BY_NAME: Array<[ResolvedLiquidityTier, string[]]> = [
  ['cash', ['cash', 'checking', 'current', 'savings', 'deposit', 'bank', 'wallet']],
  ['taxable_investment', ['brokerage', 'invest', 'stock', 'fund', 'crypto']],
  ['retirement', ['retire', 'pension', '401', 'ira']],
  ['property', ['property', 'real estate', 'home', 'house', 'vehicle', 'car']],
];

/** Spec-gaps 22: liability -> debt; otherwise by the category's name; else other_illiquid. */
export function inferLiquidityTier(category: Pick<CategoryRecord, 'name' | 'type'>): ResolvedLiquidityTier {
  if (category.type === 'liability') return 'debt';
  const name = category.name.toLowerCase();
  for (const [tier, keywords] of BY_NAME) {
    if (keywords.some((keyword) => startsAWord(name, keyword))) return tier;
  }
  return 'other_illiquid';
}

/** The tier to show: the stored one, or the inferred one while the account's tier is `auto`. */
export function resolveLiquidityTier(
  stored: LiquidityTier,
  category: Pick<CategoryRecord, 'name' | 'type'>,
): ResolvedLiquidityTier {
  return stored === 'auto' ? inferLiquidityTier(category) : stored;
}

function startsAWord(text: string, keyword: string): boolean {
  for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!)) return true;
  }
  return false;
}
