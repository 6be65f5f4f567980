// What `ledger-mock` prints at start: where it listens, the tokens to try, the control surface and its token,
// and the state file.
import type { ScenarioName } from '../control/scenario';
import type { Scenario } from '../control/scenario-types';
import { hashToken, tokenStatus } from '../rules/auth';
import { DEMO_IDS, DEMO_TOKENS } from '../scenarios/demo';
import type { LedgerStore } from '../store/ledger-store';
import type { LedgerMockStateFile } from './create-ledger-mock-server';

export interface BannerInput {
  url: string;
  /** `--scenario` as given. */
  scenarioOption: string;
  scenario: ScenarioName | Scenario;
  store: LedgerStore;
  /** The token /__mock requires, whether it was generated (only a generated one is printed), and where a given one came from. */
  control: { token?: string; generated: boolean; source?: string };
  stateFile?: LedgerMockStateFile;
}

/** The banner: the first line is always `ledger-mock listening on <url>`. */
export async function banner(input: BannerInput): Promise<string> {
  const { url, store } = input;
  const users = new Map(store.users.all().map((u) => [u.id, u.name]));
  const lines = [
    `ledger-mock listening on ${url}`,
    `  API:      ${url}/api/public/v1`,
    `  Control:  ${url}/__mock   (GET it for the list of routes)`,
    `  Inspector: ${url}/__mock/   (open it in a browser: requests as they arrive, and the state)`,
  ];
  if (input.control.token !== undefined) {
    lines.push(
      input.control.generated
        ? `  Control token: ${input.control.token}   (this address is not loopback: /__mock needs it)`
        : `  Control token: the one given with ${input.control.source ?? '--control-token'} (/__mock needs it)`,
      `    send it as X-Ledger-Mock-Control: <token> or Authorization: Bearer <token> on /__mock requests`,
    );
  }
  lines.push(`  Scenario: ${input.scenarioOption}`);
  if (input.stateFile) {
    const { restored, target } = input.stateFile;
    const path = target === undefined ? input.stateFile.path : `${input.stateFile.path} -> ${target}`;
    lines.push(
      restored
        ? `  State:    ${path} (loaded: ${describeState(store)}; every change is written to it)`
        : `  State:    ${path} (new: the scenario was written to it; every change is written to it)`,
    );
  }
  const tokens = await activeTokens(input.scenario, store);
  if (tokens.length > 0) {
    lines.push('  Tokens:');
    for (const t of tokens) lines.push(`    ${(users.get(t.user) ?? t.user).padEnd(8)} ${t.value}`);
    lines.push('  Try:', `    curl -H "Authorization: Bearer ${tokens[0]!.value}" ${url}/api/public/v1/me`);
  } else {
    const control = input.control.token !== undefined ? ` -H 'x-ledger-mock-control: <control token>'` : '';
    const createToken = (userId: string) =>
      `    curl -X POST ${url}/__mock/tokens${control} -H 'content-type: application/json' -d '{"user_id":"${userId}"}'`;
    const now = store.clock.now();
    const held = store.tokens.where((t) => tokenStatus(t, now) === 'active');
    const user = store.users.all()[0];
    if (held.length > 0) {
      // Tokens loaded from a state file that this banner has no value of: the file keeps hashes only.
      lines.push(
        `  Tokens:   ${count(held.length, 'active token')} in the state file, kept as hashes only (never their values): use the one you had, or create another:`,
        createToken(held[0]!.user_id),
      );
    } else if (user) {
      lines.push('  No active token. Create one:', createToken(user.id));
    } else {
      lines.push(
        '  No tokens yet. Create a user and a token:',
        `    curl -X POST ${url}/__mock/users${control} -H 'content-type: application/json' -d '{"name":"Me"}'`,
        createToken('<id from above>'),
      );
    }
  }
  lines.push(
    '  Webhooks are delivered to loopback URLs only (--allow-remote-webhooks to lift), never to this server. Ctrl-C stops.',
    '',
  );
  return lines.join('\n');
}

/** The scenario's known token values that still authenticate in the store (a restored state may have revoked some). */
async function activeTokens(
  scenario: ScenarioName | Scenario,
  store: LedgerStore,
): Promise<Array<{ user: string; value: string }>> {
  const candidates =
    scenario === 'demo'
      ? [
          { user: DEMO_IDS.users.alex, value: DEMO_TOKENS.alex },
          { user: DEMO_IDS.users.sam, value: DEMO_TOKENS.sam },
        ]
      : scenario === 'empty'
        ? []
        : (scenario.tokens ?? []).map((t) => ({ user: t.user_id, value: t.value }));
  const now = store.clock.now();
  const active: Array<{ user: string; value: string }> = [];
  for (const candidate of candidates) {
    const hash = await hashToken(candidate.value);
    const token = store.tokens.where((t) => t.hash === hash)[0];
    if (token && tokenStatus(token, now) === 'active') active.push({ user: token.user_id, value: candidate.value });
  }
  return active;
}

/** `1 token`, `72 snapshots`, `1,000 accounts`. */
function count(n: number, what: string): string {
  return `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;
}

function describeState(store: LedgerStore): string {
  return [
    count(store.users.count(), 'user'),
    count(store.accounts.count(), 'account'),
    count(store.snapshots.size, 'snapshot'),
    count(store.tokens.count(), 'token'),
  ].join(', ');
}
