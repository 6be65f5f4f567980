// The report as markdown, made to be pasted into an issue: the summary, what was sent and undone, each difference
// with both answers side by side, what was skipped and why, and every probe in one table.
import type { ParityReport, ProbeResult } from './types';

const CELL = 90;
const BLOCK = 4000;

/** Renders a report as markdown. */
export function markdownReport(report: ParityReport): string {
  const { summary } = report;
  const total = summary.same + summary.differs + summary.skipped;
  const lines: string[] = [];
  const odd = report.oddities.length;
  const head =
    summary.differs === 0 && odd === 0
      ? 'nothing differs'
      : [
          summary.differs > 0 ? `${summary.differs} probe${summary.differs === 1 ? '' : 's'} differ` : '',
          odd > 0 ? `${odd} odd answer${odd === 1 ? '' : 's'}` : '',
        ]
          .filter(Boolean)
          .join(', ');
  lines.push(`# ledger-parity: ${head}`, '');
  lines.push(
    `**${summary.same} same, ${summary.differs} differ, ${summary.skipped} skipped** of ${total} probes${odd > 0 ? `; **${odd} odd answer${odd === 1 ? '' : 's'}** reading the ledger` : ''}${report.interrupted ? ' (interrupted: Ctrl-C stopped the run)' : ''}.`,
    '',
  );
  const c = report.coverage;
  lines.push(
    `Rules of the specification and spec-gaps entries: **${c.observed} observed**, ${c.skipped} skipped (their probes did not run), ${c.not_observable} not observable with one token (docs/parity.md says why, rule by rule).`,
    '',
  );
  const target =
    report.target.kind === 'service'
      ? `${report.target.base_url} (its openapi.json says version ${report.target.openapi_version ?? 'nothing'})`
      : `a recording of ${report.target.recorded_at} (service openapi.json ${report.target.openapi_version ?? 'unknown'}, kit ${report.target.kit_version})`;
  lines.push(`- Target: ${target}`);
  lines.push(
    `- Fake: personal-ledger-sdk ${report.kit.version} (openapi.json ${report.kit.openapi_version}), mirroring what the token sees`,
  );
  const mode =
    report.mode === 'read'
      ? 'read only (the token goes with GET, HEAD and OPTIONS requests only)'
      : 'with a scratch account (writes on it only, on dates in 2000, all undone)';
  lines.push(
    `- Mode: ${report.target.kind === 'recording' ? `recorded ${mode}; nothing was sent anywhere now` : mode}`,
  );
  lines.push(`- Started: ${report.started_at}`, '');

  if (report.safety) {
    const s = report.safety;
    const withToken =
      Object.entries(s.with_token)
        .map(([method, n]) => `${method} ${n}`)
        .join(', ') || 'none';
    lines.push('## Safety', '');
    lines.push(
      `- Requests to the target: ${s.requests} (budget ${s.budget}, at most ${s.rate} a second). With the token: ${withToken}. Without a valid token: ${s.without_token}.`,
    );
    if (report.mode === 'scratch') {
      lines.push(
        `- Undone: ${s.undone.snapshots_deleted} snapshot(s) the kit wrote were deleted; scratch account fields restored: ${s.undone.account_fields_restored.join(', ') || 'none needed'}.`,
      );
    }
    lines.push(
      s.not_undone.length === 0 ? '- Nothing was left behind.' : `- **Not undone:** ${s.not_undone.join('; ')}`,
    );
    const ba = s.before_after;
    lines.push(
      ba.identical === null
        ? `- Before and after: ${ba.error}`
        : ba.identical
          ? `- Before and after: everything the token sees is identical (${ba.seen.categories} categories, ${ba.seen.accounts} accounts, ${ba.seen.snapshots} snapshots).`
          : `- **Before and after differ:** ${ba.changes.join('; ')}`,
    );
    lines.push('');
  }

  if (report.oddities.length > 0) {
    lines.push(
      '## Odd answers',
      '',
      'Met while reading what the token sees; each one is a difference (the fake is built from that reading).',
      '',
    );
    for (const oddity of report.oddities) {
      lines.push(
        `- **${oddity.kind}** (${oddity.read}) \`${oddity.request}\`: ${oddity.what}; ${oddity.then}.`,
        '',
        indent(fenced(oddity.evidence)),
        '',
      );
    }
  }

  const differing = report.probes.filter((p) => p.outcome === 'differs');
  if (differing.length > 0) {
    lines.push('## Differs', '');
    for (const probe of differing) lines.push(...differsSection(probe));
  }
  const skipped = report.probes.filter((p) => p.outcome === 'skipped');
  if (skipped.length > 0) {
    lines.push('## Skipped', '');
    for (const probe of skipped) lines.push(`- \`${probe.id}\`: ${probe.reason ?? ''}`);
    lines.push('');
  }
  const noted = report.probes.filter((p) => p.outcome === 'same' && p.notes?.length);
  if (noted.length > 0) {
    lines.push('## Notes', '');
    for (const probe of noted) for (const note of probe.notes!) lines.push(`- \`${probe.id}\`: ${note}`);
    lines.push('');
  }

  lines.push('## How answers were compared', '');
  lines.push(
    "- Status; Content-Type (media type), WWW-Authenticate and Retry-After (its form); the error body's shape and `code` (its wording only where a probe says so); each answer against the package's openapi.json; every other field of the body, in order.",
    "- Masked on both sides alike: snapshot ids (by account and date), ids the kit made up, the token id, user and household ids, timestamps; your account names, institution names and balances (a balance's type is still compared).",
    '- A field only the target sends, that openapi.json does not name, is additive (clients ignore it): noted, not a difference.',
  );
  for (const loose of report.compared_by_range)
    lines.push(`- Compared by type and range: ${loose.field}: ${loose.why}.`);
  lines.push(`- The fake's plan: ${report.mirror.plan} (${report.mirror.plan_reason}).`);
  for (const note of report.mirror.notes) lines.push(`- Mirror: ${note}.`);
  lines.push('');

  lines.push('## Every probe', '', '| probe | checks | spec | mode | outcome |', '|---|---|---|---|---|');
  for (const probe of report.probes) {
    lines.push(
      `| \`${probe.id}\` | ${cell(probe.title, 200)} | ${cell(probe.spec, 60)} | ${probe.mode} | ${probe.outcome} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

function differsSection(probe: ProbeResult): string[] {
  const out = [
    `### \`${probe.id}\`: ${probe.title}`,
    '',
    `Spec: ${probe.spec}.`,
    '',
    '| where | target | fake |',
    '|---|---|---|',
  ];
  const differences = probe.differences ?? [];
  for (const d of differences.slice(0, 25))
    out.push(`| ${cell(d.where, CELL)} | ${cell(show(d.target), CELL)} | ${cell(show(d.fake), CELL)} |`);
  if (differences.length > 25) out.push(`| ... and ${differences.length - 25} more | | |`);
  out.push('');
  for (const note of probe.notes ?? []) out.push(`- ${note}`);
  out.push(
    '<details><summary>Both answers, normalized</summary>',
    '',
    '**Target**',
    '',
    fenced(probe.target),
    '',
    '**Fake**',
    '',
    fenced(probe.fake),
    '',
    '</details>',
    '',
  );
  return out;
}

function fenced(value: unknown): string {
  let text = JSON.stringify(value, null, 2) ?? 'none';
  if (text.length > BLOCK)
    text = `${text.slice(0, BLOCK)}\n... (${text.length - BLOCK} more characters; see the JSON report)`;
  return `\`\`\`json\n${text}\n\`\`\``;
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

function show(value: unknown): string {
  return value === undefined ? '(absent)' : (JSON.stringify(value) ?? String(value));
}

function cell(text: string, max: number): string {
  const short = text.length > max ? `${text.slice(0, max - 3)}...` : text;
  return short.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
