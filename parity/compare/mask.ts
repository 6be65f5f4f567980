// Masking: values that may differ between two ledgers that behave the same are replaced by stand-ins, the same
// value by the same stand-in everywhere, so a difference in structure still shows (LocalStack's snapshot
// transformers do the same). Applied to every answer before it is compared, recorded or reported.
//
// - Ids issued at run time: a snapshot id becomes `<snapshot ACCOUNT@DATE>` (the account and date it was first
//   seen with); an id the kit made up becomes `<absent NAME>`.
// - Identity: the token's id, user id and household id become `<token-id>`, `<user-id>`, `<household-id>`.
// - Timestamps (ISO 8601 date-times) become `<timestamp>`.
// - What the user owns: the names and institution names of the accounts the token saw become `Account N` and
//   `Institution N`, and the balances of snapshots the kit did not write become 0 (their type is kept), so a
//   report or recording can be shared.
// - A value that counts state no API shows (LOOSE_FIELDS) is compared by type and range only.
import type { Inventory } from '../../reading/inventory';

/** Fields compared by type and range, because they depend on state the token cannot see. */
export const LOOSE_FIELDS: Readonly<Record<string, { accepts(value: unknown): boolean; as: string; why: string }>> = {
  webhooks_attempted: {
    accepts: (value) => Number.isInteger(value) && (value as number) >= 0,
    as: '<integer >= 0>',
    why: 'it counts the webhook subscriptions of the token owner, which no API lists',
  },
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Options of a Masker. */
export interface MaskerOptions {
  scratchAccountId?: string;
  /** Snapshots on the scratch account in this year are the kit's: their balances are kept. */
  reservedYear: string;
  /** Ids the kit made up -> the name the probes gave them (filled as the run mints them). */
  absent: ReadonlyMap<string, string>;
}

/** One side's masker, built from that side's inventory; it learns snapshot ids from the answers it masks. */
export class Masker {
  readonly #stand = new Map<string, string>();
  readonly #snapshots = new Map<string, string>();
  readonly #names = new Map<string, { name: unknown; institution: unknown; index: number }>();

  constructor(
    inventory: Inventory,
    private readonly options: MaskerOptions,
  ) {
    this.#stand.set(inventory.me.token_id, '<token-id>');
    this.#stand.set(inventory.me.user_id, '<user-id>');
    this.#stand.set(inventory.me.household_id, '<household-id>');
    inventory.accounts.forEach((account, i) => {
      const detail = inventory.details[account.id] ?? account;
      this.#names.set(account.id, { name: detail.name, institution: detail.institution_name, index: i + 1 });
    });
    for (const snapshot of inventory.snapshots) this.#learn(snapshot as unknown as Record<string, unknown>);
  }

  /** A masked copy of a JSON value. */
  mask(value: unknown): unknown {
    if (typeof value === 'string') return this.maskText(value);
    if (Array.isArray(value)) return value.map((item) => this.mask(item));
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Record<string, unknown>;
    this.#learn(object);
    const out: Record<string, unknown> = {};
    const account = typeof object.id === 'string' && 'category_id' in object ? this.#names.get(object.id) : undefined;
    const kitSnapshot = this.#isKitSnapshot(object);
    for (const [key, item] of Object.entries(object)) {
      const loose = LOOSE_FIELDS[key];
      if (loose?.accepts(item)) out[key] = loose.as;
      else if (account && key === 'name' && item === account.name) out[key] = `Account ${account.index}`;
      else if (account && key === 'institution_name' && item === account.institution)
        out[key] = `Institution ${account.index}`;
      else if (key === 'balance' && typeof item === 'number' && 'snapshot_date' in object && !kitSnapshot) out[key] = 0;
      else out[key] = this.mask(item);
    }
    return out;
  }

  /** A string with known ids replaced; a timestamp becomes `<timestamp>`. Also for paths and queries. */
  maskText(text: string): string {
    const whole = this.#known(text);
    if (whole !== undefined) return whole;
    if (TIMESTAMP.test(text)) return '<timestamp>';
    if (!text.includes('/') && !text.includes('=')) return text;
    // A path or query: mask each segment that is a known id.
    return text.replace(/[^/?&=]+/g, (part) => {
      let decoded = part;
      try {
        decoded = decodeURIComponent(part);
      } catch {
        // kept as sent
      }
      return this.#known(decoded) ?? part;
    });
  }

  #known(text: string): string | undefined {
    const absent = this.options.absent.get(text);
    return (
      this.#stand.get(text) ?? this.#snapshots.get(text) ?? (absent === undefined ? undefined : `<absent ${absent}>`)
    );
  }

  #learn(object: Record<string, unknown>): void {
    const { id, account_id: accountId, snapshot_date: date } = object;
    if (
      typeof id === 'string' &&
      typeof accountId === 'string' &&
      typeof date === 'string' &&
      !this.#snapshots.has(id)
    ) {
      this.#snapshots.set(id, `<snapshot ${accountId}@${date}>`);
    }
  }

  #isKitSnapshot(object: Record<string, unknown>): boolean {
    const date = object.snapshot_date;
    return (
      this.options.scratchAccountId !== undefined &&
      object.account_id === this.options.scratchAccountId &&
      typeof date === 'string' &&
      date.startsWith(`${this.options.reservedYear}-`)
    );
  }
}
