// runParity: reads what the token sees, builds the mirrored fake, runs every probe on both sides (or on the fake
// against a recording), undoes every write, reads again, and reports.
import { compareViews } from './compare/diff';
import { DOCUMENT_VERSION } from './compare/document';
import { LOOSE_FIELDS } from './compare/mask';
import { viewOf, type View } from './compare/view';
import { GateRefusal, Interrupted, RequestGate } from './http/gate';
import { BudgetSpent } from './http/budget';
import { checkOptions, ParityStartError, type ParityOptions, type ParityRun } from './options';
import { citation, PROBES } from './probes';
import type { Probe } from './probes/types';
import { coverageCounts } from './report/coverage';
import { RECORDING_FORMAT, type ParityRecording } from './report/recording';
import type { OddAnswer, ParityReport, ProbeResult, SafetyRecord } from './report/types';
import { checkScratch, finalRead, oddAnswers, readServiceVersion, startRead } from './service-reads';
import { openSide, probeState, runProbe, type ProbeRun, type Side } from './sides';
import { undo } from './state/cleanup';
import { readInventory, type Inventory } from '../reading/inventory';
import { MadeUpIds } from './state/made-up-ids';
import { createMirror, learnSharing, type Mirror } from './state/mirror';
import { RESERVED_RANGE } from './state/reserved';

/** The package version (set at build time). */
const KIT_VERSION: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : 'dev';
const NEVER = 'the kit never sends this to a target: accounts cannot be deleted, so POST /accounts could not be undone';
const NOT_SELECTED = 'not selected (only)';

/**
 * Runs the parity probes against a service (or a recording) and against a fake that mirrors it. Throws
 * ParityStartError when it refuses to start; otherwise reports every probe as same, differs or skipped.
 */
export async function runParity(input: ParityOptions): Promise<ParityRun> {
  const options = checkOptions(input);
  return options.against ? runAgainstRecording(options, options.against) : runAgainstService(options);
}

type Checked = ReturnType<typeof checkOptions>;

async function runAgainstService(options: Checked): Promise<ParityRun> {
  const started = new Date();
  const mode = options.scratchAccount === undefined ? 'read' : 'scratch';
  const gate = new RequestGate({
    baseUrl: options.baseUrl!,
    token: options.token!,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    mode,
    ...(options.scratchAccount !== undefined ? { scratchAccountId: options.scratchAccount } : {}),
    reservedYear: RESERVED_RANGE.year,
    rate: options.rate,
    budget: options.budget,
    timeoutMs: options.timeoutMs,
    retryBusy: true,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const serviceVersion = await readServiceVersion(gate);
  const { inventory: before, oddities: oddBefore } = await startRead(gate, options.baseUrl!);
  checkScratch(before, options.scratchAccount);
  // Kept for the final read and the cleanup.
  gate.budget.keep(before.accounts.length + 4 + (mode === 'scratch' ? 60 : 0));

  const mirror = await mirrorOf(before);
  const fakeGate = fakeGateOf(mirror, mode, options.scratchAccount);
  const { inventory: fakeInventory, oddities: oddFake } = await readInventory(fakeGate.reads());
  const ids = new MadeUpIds([before, fakeInventory], [gate, fakeGate]);
  const target = openSide('target', gate, before, options.scratchAccount, ids);
  const fake = openSide('fake', fakeGate, fakeInventory, options.scratchAccount, ids);
  const oddities: OddAnswer[] = [
    ...oddAnswers(oddBefore, 'before', target.masker),
    ...oddAnswers(oddFake, 'fake', fake.masker),
  ];

  const results: ProbeResult[] = [];
  const recorded: ParityRecording['probes'] = {};
  let interrupted = false;
  try {
    for (const probe of PROBES) {
      const result = interrupted
        ? skipped(probe, 'interrupted before it ran')
        : options.only && !options.only.includes(probe.id)
          ? skipped(probe, NOT_SELECTED)
          : await compareLive(probe, mode, target, fake, ids, (shown) =>
              learnSharing(mirror, fakeInventory.me.household_id, shown),
            ).catch((error: unknown) => {
              if (error instanceof Interrupted) {
                interrupted = true;
                return skipped(probe, 'interrupted while it ran (its writes were undone)');
              }
              throw error;
            });
      results.push(result);
      if (options.record)
        recorded[probe.id] =
          result.outcome === 'skipped' && !result.target ? { skipped: result.reason! } : { views: result.target ?? [] };
      if (!options.record && result.outcome !== 'differs') delete result.target;
      options.onProgress?.({ done: results.length, total: PROBES.length, probe: result });
    }
  } finally {
    // Once more, whatever happened: every write of the run undone.
    for (const side of [target, fake]) if (side.cleanup) await undo(side.cleanup, [], [], true).catch(() => undefined);
  }

  const { beforeAfter, oddities: oddAfter } = await finalRead(gate, before);
  oddities.push(...oddAnswers(oddAfter, 'after', target.masker, oddities));
  const safety = safetyRecord(target, beforeAfter, options);
  const report: ParityReport = {
    kit: { name: 'ledger-parity', version: KIT_VERSION, openapi_version: DOCUMENT_VERSION },
    target: { kind: 'service', base_url: options.baseUrl!, openapi_version: serviceVersion },
    mode,
    started_at: started.toISOString(),
    probes: results.map((r) => redactResult(r, gate)),
    summary: summarize(results),
    coverage: coverageCounts(results),
    oddities: oddities.map((o) => JSON.parse(gate.redact(JSON.stringify(o))) as OddAnswer),
    mirror: { plan: mirror.plan.name, plan_reason: mirror.plan.why, notes: mirror.notes },
    compared_by_range: comparedByRange(),
    safety,
    interrupted,
  };
  const recording: ParityRecording | undefined = options.record
    ? {
        format: RECORDING_FORMAT,
        recorded_at: started.toISOString().slice(0, 10),
        openapi_version: serviceVersion,
        kit_version: KIT_VERSION,
        mode,
        scratch_account_id: options.scratchAccount ?? null,
        inventory: target.masker.mask(before) as Inventory,
        oddities: oddAnswers(oddBefore, 'recorded', target.masker),
        probes: recorded,
      }
    : undefined;
  if (recording) for (const result of report.probes) if (result.outcome !== 'differs') delete result.target;
  const exitCode = interrupted
    ? 130
    : report.summary.differs > 0 ||
        report.oddities.length > 0 ||
        safety.not_undone.length > 0 ||
        safety.before_after.identical !== true
      ? 1
      : 0;
  return {
    report,
    ...(recording ? { recording: JSON.parse(gate.redact(JSON.stringify(recording))) as ParityRecording } : {}),
    exitCode,
  };
}

async function runAgainstRecording(options: Checked, recording: ParityRecording): Promise<ParityRun> {
  const started = new Date();
  const scratchAccount = recording.scratch_account_id ?? undefined;
  const mirror = await mirrorOf(recording.inventory);
  const fakeGate = fakeGateOf(mirror, recording.mode, scratchAccount);
  const { inventory: fakeInventory, oddities: oddFake } = await readInventory(fakeGate.reads());
  const ids = new MadeUpIds([recording.inventory, fakeInventory], [fakeGate]);
  const fake = openSide('fake', fakeGate, fakeInventory, scratchAccount, ids);
  const oddities: OddAnswer[] = [
    ...(recording.oddities ?? []).map((o) => ({ ...o, read: 'recorded' as const })),
    ...oddAnswers(oddFake, 'fake', fake.masker),
  ];
  const results: ProbeResult[] = [];
  try {
    for (const probe of PROBES) {
      const entry = recording.probes[probe.id];
      let result: ProbeResult;
      if (options.only && !options.only.includes(probe.id)) result = skipped(probe, NOT_SELECTED);
      else if (entry === undefined)
        result = skipped(probe, `not in the recording (made by kit ${recording.kit_version})`);
      else if ('skipped' in entry) result = skipped(probe, `skipped when recorded: ${entry.skipped}`);
      else {
        await learnSharing(mirror, fakeInventory.me.household_id, entry.views);
        result = await compareWithRecorded(probe, entry.views, fake, ids);
      }
      if (result.outcome !== 'differs') delete result.target;
      results.push(result);
      options.onProgress?.({ done: results.length, total: PROBES.length, probe: result });
    }
  } finally {
    if (fake.cleanup) await undo(fake.cleanup, [], [], true).catch(() => undefined);
  }
  const report: ParityReport = {
    kit: { name: 'ledger-parity', version: KIT_VERSION, openapi_version: DOCUMENT_VERSION },
    target: {
      kind: 'recording',
      recorded_at: recording.recorded_at,
      openapi_version: recording.openapi_version,
      kit_version: recording.kit_version,
    },
    mode: recording.mode,
    started_at: started.toISOString(),
    probes: results,
    summary: summarize(results),
    coverage: coverageCounts(results),
    oddities,
    mirror: { plan: mirror.plan.name, plan_reason: mirror.plan.why, notes: mirror.notes },
    compared_by_range: comparedByRange(),
    interrupted: false,
  };
  return { report, exitCode: report.summary.differs > 0 || oddities.length > 0 ? 1 : 0 };
}

/** Runs one probe on the target, then on the fake, and compares. */
async function compareLive(
  probe: Probe,
  mode: 'read' | 'scratch',
  target: Side,
  fake: Side,
  ids: MadeUpIds,
  learn: (shown: readonly View[]) => Promise<void>,
): Promise<ProbeResult> {
  if (probe.mode === 'never') return skipped(probe, NEVER);
  if (probe.mode === 'scratch' && mode === 'read') return skipped(probe, 'needs --scratch-account: it writes');
  const need = probe.needs?.(probeState(target, ids));
  if (need !== undefined) return skipped(probe, need);
  let runs: [ProbeRun, ProbeRun];
  let targetViews: View[];
  try {
    const onTarget = await runProbe(target, probe, ids);
    if (onTarget.skipped !== undefined) return skipped(probe, onTarget.skipped);
    targetViews = views(onTarget, target, probe);
    // What the target's answers prove about what no API shows (its plan), the fake learns before it answers.
    await learn(targetViews);
    runs = [onTarget, await runProbe(fake, probe, ids)];
  } catch (error) {
    if (error instanceof GateRefusal) return skipped(probe, `refused by the safety rules: ${error.message}`);
    if (error instanceof BudgetSpent) return skipped(probe, error.message);
    throw error;
  }
  const [t, f] = runs;
  return judge(probe, targetViews, views(f, fake, probe), [t.unavailable, f.unavailable], [undefined, f.skipped]);
}

/** Runs one probe on the fake and compares with the recorded views. */
async function compareWithRecorded(probe: Probe, recorded: View[], fake: Side, ids: MadeUpIds): Promise<ProbeResult> {
  const need = probe.needs?.(probeState(fake, ids));
  if (need !== undefined) return skipped(probe, `${need} (yet the recording has answers)`);
  let run: ProbeRun;
  try {
    run = await runProbe(fake, probe, ids);
  } catch (error) {
    if (error instanceof GateRefusal) return skipped(probe, `refused by the safety rules: ${error.message}`);
    throw error;
  }
  return judge(probe, recorded, views(run, fake, probe), [undefined, run.unavailable], [undefined, run.skipped]);
}

function views(run: ProbeRun, side: Side, probe: Probe): View[] {
  const each = run.answers.map((answer) => viewOf(answer, side.masker, probe.view));
  return probe.viewAll ? probe.viewAll(each, run.answers) : each;
}

function judge(
  probe: Probe,
  target: View[],
  fake: View[],
  unavailable: [string | undefined, string | undefined],
  skippedOn: [string | undefined, string | undefined] = [undefined, undefined],
): ProbeResult {
  const { differences, notes } = compareViews(target, fake);
  if (unavailable[0]) notes.push(`on the target, a later step could not be built: ${unavailable[0]}`);
  if (unavailable[1]) notes.push(`on the fake, a later step could not be built: ${unavailable[1]}`);
  if (skippedOn[0]) notes.push(`on the target, the later steps were not sent: ${skippedOn[0]}`);
  if (skippedOn[1]) notes.push(`on the fake, the later steps were not sent: ${skippedOn[1]}`);
  return {
    ...describe(probe),
    outcome: differences.length > 0 ? 'differs' : 'same',
    ...(differences.length > 0 ? { differences, fake } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    target,
  };
}

function describe(probe: Probe): Pick<ProbeResult, 'id' | 'title' | 'spec' | 'gaps' | 'mode'> {
  return { id: probe.id, title: probe.title, spec: citation(probe), gaps: probe.gaps, mode: probe.mode };
}

function skipped(probe: Probe, reason: string): ProbeResult {
  return { ...describe(probe), outcome: 'skipped', reason };
}

function summarize(results: readonly ProbeResult[]): ParityReport['summary'] {
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return { same: count('same'), differs: count('differs'), skipped: count('skipped') };
}

function comparedByRange(): ParityReport['compared_by_range'] {
  return [
    ...Object.entries(LOOSE_FIELDS).map(([field, rule]) => ({ field, why: `${rule.why}: any ${rule.as} matches` })),
    {
      field: 'the household plan (account.shared-visibility)',
      why: 'no API shows the plan: a shared visibility set, or 402 sharing_not_in_plan, both match',
    },
  ];
}

async function mirrorOf(inventory: Inventory): Promise<Mirror> {
  try {
    return await createMirror(inventory);
  } catch (error) {
    throw new ParityStartError(
      `could not build a fake that mirrors the target: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function fakeGateOf(mirror: Mirror, mode: 'read' | 'scratch', scratchAccountId: string | undefined): RequestGate {
  return new RequestGate({
    baseUrl: mirror.mock.baseUrl,
    token: mirror.token,
    fetch: (input, init) => mirror.mock.fetch(input, init),
    mode,
    ...(scratchAccountId !== undefined ? { scratchAccountId } : {}),
    reservedYear: RESERVED_RANGE.year,
  });
}

function safetyRecord(target: Side, beforeAfter: SafetyRecord['before_after'], options: Checked): SafetyRecord {
  const sent = target.gate.sent();
  const withToken: Record<string, number> = {};
  for (const request of sent) if (request.withToken) withToken[request.method] = (withToken[request.method] ?? 0) + 1;
  return {
    requests: sent.length,
    budget: options.budget,
    rate: options.rate,
    with_token: withToken,
    without_token: sent.filter((r) => !r.withToken).length,
    undone: {
      snapshots_deleted: target.cleanup?.deleted ?? 0,
      account_fields_restored: [...(target.cleanup?.restoredFields ?? [])].sort(),
    },
    not_undone: target.cleanup?.problems ?? [],
    before_after: beforeAfter,
  };
}

/** A last guard: no result carries the token. */
function redactResult(result: ProbeResult, gate: RequestGate): ProbeResult {
  return JSON.parse(gate.redact(JSON.stringify(result))) as ProbeResult;
}
