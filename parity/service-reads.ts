// The kit's own reads of the target, around the probes: its openapi.json version, everything the token sees before
// (to mirror it, and to refuse a scratch account that is not empty) and after (to show nothing else changed), and
// the odd answers met on the way, masked for the report.
import { InventoryError, readInventory, type Inventory, type InventoryRead } from '../reading/inventory';
import type { Oddity } from '../reading/oddities';
import type { Masker } from './compare/mask';
import type { RequestGate } from './http/gate';
import { ParityStartError } from './options';
import type { OddAnswer, SafetyRecord } from './report/types';
import { inventoryChanges } from './state/changes';
import { RESERVED_RANGE } from './state/reserved';

const API = '/api/public/v1';

/** The service's openapi.json `info.version` (no token), or null. Throws ParityStartError when the target does not answer. */
export async function readServiceVersion(gate: RequestGate): Promise<string | null> {
  const answer = await gate.send({ method: 'GET', path: `${API}/openapi.json`, auth: 'none' }, 'upkeep');
  if (answer.failure !== undefined) throw new ParityStartError(`cannot reach the target: ${answer.failure}`);
  const version = (answer.json as { info?: { version?: unknown } } | undefined)?.info?.version;
  return answer.status === 200 && typeof version === 'string' ? version : null;
}

/** Everything the token sees, read before the probes; ParityStartError when GET /me gives no identity. */
export async function startRead(gate: RequestGate, baseUrl: string): Promise<InventoryRead> {
  try {
    return await readInventory(gate.reads());
  } catch (error) {
    if (error instanceof InventoryError) {
      const refused = /^GET \/api\/public\/v1\/me answered 40[13]/.test(error.message);
      throw new ParityStartError(
        `${refused ? 'the target refused the token' : `cannot read what the token sees at ${baseUrl}`}: ${gate.redact(error.message)}`,
      );
    }
    throw error;
  }
}

/** Scratch mode: the account is visible, and nothing of it is in the reserved range (so all there is the kit's). */
export function checkScratch(inventory: Inventory, scratchAccount: string | undefined): void {
  if (scratchAccount === undefined) return;
  if (!inventory.details[scratchAccount])
    throw new ParityStartError(`the token sees no account ${scratchAccount}: create one for the kit and pass its id`);
  const inRange = inventory.snapshots.filter(
    (s) =>
      s.account_id === scratchAccount && s.snapshot_date >= RESERVED_RANGE.from && s.snapshot_date <= RESERVED_RANGE.to,
  );
  if (inRange.length > 0) {
    throw new ParityStartError(
      `the scratch account already has ${inRange.length} snapshot(s) in the reserved range ${RESERVED_RANGE.from}..${RESERVED_RANGE.to} ` +
        `(${inRange
          .slice(0, 5)
          .map((s) => `${s.snapshot_date} ${s.id}`)
          .join(', ')}${inRange.length > 5 ? ', ...' : ''}). ` +
        'The kit writes only there and must find it empty: delete them (a run stopped by force may have left them), or use another account',
    );
  }
}

/** Everything the token sees, read again after the probes, compared with the first read. */
export async function finalRead(
  gate: RequestGate,
  before: Inventory,
): Promise<{ beforeAfter: SafetyRecord['before_after']; oddities: Oddity[] }> {
  try {
    const { inventory: after, oddities } = await readInventory(gate.reads());
    const changes = inventoryChanges(before, after);
    const seen = {
      categories: after.categories.length,
      accounts: after.accounts.length,
      snapshots: after.snapshots.length,
    };
    return { beforeAfter: { identical: changes.length === 0, changes, seen }, oddities };
  } catch (error) {
    return {
      beforeAfter: {
        identical: null,
        error: `the final read failed: ${error instanceof Error ? error.message : String(error)}`,
      },
      oddities: [],
    };
  }
}

/** Oddities as the report shows them: evidence masked, and none that an earlier reading already reported. */
export function oddAnswers(
  oddities: readonly Oddity[],
  read: OddAnswer['read'],
  masker: Masker,
  already: readonly OddAnswer[] = [],
): OddAnswer[] {
  const seen = new Set(already.map((o) => `${o.kind} ${o.request} ${o.what}`));
  return oddities
    .filter((o) => !seen.has(`${o.kind} ${o.request} ${o.what}`))
    .map((o) => ({ ...o, request: masker.maskText(o.request), evidence: masker.mask(o.evidence), read }));
}
