// The catalogue: every probe, in the order they run (reads first, then writes on the scratch account).
import { accountReadProbes } from './accounts-read';
import { accountStateProbes } from './account-states';
import { accountWriteProbes } from './accounts-write';
import { authProbes } from './auth';
import { bulkProbes } from './bulk';
import { documentProbes } from './document';
import { identityProbes } from './identity';
import { methodReadProbes, methodWriteProbes } from './methods';
import { routeProbes } from './routes';
import { snapshotEditProbes } from './snapshots-edit';
import { snapshotReadProbes } from './snapshots-read';
import { snapshotWriteProbes } from './snapshots-write';
import { tokenSourceProbes } from './token-sources';
import type { Probe } from './types';
import { webhookProbes } from './webhooks';

/** Every probe of the kit. */
export const PROBES: readonly Probe[] = [
  ...documentProbes,
  ...authProbes,
  ...tokenSourceProbes,
  ...routeProbes,
  ...methodReadProbes,
  ...identityProbes,
  ...accountReadProbes,
  ...snapshotReadProbes,
  ...snapshotWriteProbes,
  ...snapshotEditProbes,
  ...bulkProbes,
  ...webhookProbes,
  ...accountWriteProbes,
  ...accountStateProbes,
  ...methodWriteProbes,
];

/** A probe's citation: the rules of the specification and the spec-gaps entries it observes, `§4 GET /me; gaps 1`. */
export function citation(probe: Pick<Probe, 'rules' | 'gaps'>): string {
  const gaps = probe.gaps.length > 0 ? `gaps ${probe.gaps.join(', ')}` : '';
  return [...probe.rules, gaps].filter(Boolean).join('; ');
}
