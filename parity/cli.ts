#!/usr/bin/env node
// `ledger-parity`: checks the fake against a running service (or a recording), and reports where they differ.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeOddity } from '../reading/oddities';
import { commandLineMistake } from '../src/shared/command-line';
import { markdownReport } from './report/markdown';
import { checkRecording, RecordingError, type ParityRecording } from './report/recording';
import { ParityStartError, type ParityRun } from './options';
import { runParity } from './run';

const USAGE = `Usage: ledger-parity --base-url URL [--scratch-account ID] [--report FILE.md] [--json FILE.json] [--record FILE]
       ledger-parity --against FILE [--report FILE.md] [--json FILE.json]

Runs a catalogue of probes against a Personal Ledger service and against personal-ledger-sdk's fake, which
mirrors what your token sees, and reports where their answers differ. The token is read from LEDGER_TOKEN.

Safe on a real account: without --scratch-account, the token goes only with GET, HEAD and OPTIONS requests
(other requests carry no valid token: none, a malformed one, another scheme, a made-up one). POST /accounts is
never sent, nor DELETE of an account with the token. The token goes to --base-url only; nine GET /me requests
carry it elsewhere than the Authorization header (the query, a cookie, another header), to see it refused there.

Options:
  --base-url URL          The service (https, or http to this machine only); a trailing /api/public/v1
                          is dropped, as the SDK's client does
  --scratch-account ID    An account you created for this: probes also write, to it only, on dates in the
                          year 2000 (it must have none there), and every write is undone, after Ctrl-C too
  --report FILE.md        Write the report as markdown (to paste into an issue)
  --json FILE.json        Write the report as JSON
  --record FILE           Save the service's normalized answers, for --against later
  --against FILE          Compare the fake with a recording instead of a service (no network, no token)
  --rate N                At most N requests a second to the service (default 5)
  -h, --help              Show this help

Exit codes: 0 nothing differs, 1 something differs (an answer the service read oddly too, or a write
could not be undone, or the final read found a change), 2 refused to start,
130 stopped by Ctrl-C (the writes were undone first).
`;

const OPTIONS = {
  'base-url': { type: 'string' },
  'scratch-account': { type: 'string' },
  report: { type: 'string' },
  json: { type: 'string' },
  record: { type: 'string' },
  against: { type: 'string' },
  rate: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** A repeat within this long is the same Ctrl-C delivered twice (a terminal signals the whole process group). */
const SAME_INTERRUPT_MS = 1000;

class UsageError extends Error {}

async function main(): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(commandLineMistake(error, 'ledger-parity'));
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const outputs = { report: values.report, json: values.json, record: values.record };
  for (const [option, file] of Object.entries(outputs)) if (file !== undefined) checkWritable(option, file);
  if (values.record !== undefined && values.against !== undefined)
    throw new UsageError("--record saves a service's answers; --against reads a recording: give one");
  if (values['base-url'] !== undefined && values.against !== undefined)
    throw new UsageError('--against compares with a recording and sends nothing: give --base-url or --against');
  const rate = values.rate === undefined ? undefined : Number(values.rate);
  if (values.rate !== undefined && !(Number(rate) > 0))
    throw new UsageError(`--rate must be a number above 0, not "${values.rate}"`);
  const against = values.against === undefined ? undefined : readRecording(values.against);
  if (!against && values['base-url'] === undefined)
    throw new UsageError('give --base-url URL (or --against FILE)\nRun npx ledger-parity --help for the options.');

  const controller = new AbortController();
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      if (Date.now() - firstAt < SAME_INTERRUPT_MS) return;
      process.stderr.write(
        `\nledger-parity: ${signal} again: quitting now; writes of the current probe may remain on the scratch account\n`,
      );
      process.exit(130);
    }
    firstAt = Date.now();
    process.stderr.write(
      `\nledger-parity: ${signal}: stopping; undoing the writes first (Ctrl-C again to quit at once)\n`,
    );
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const token = process.env.LEDGER_TOKEN;
  const run: ParityRun = await runParity({
    ...(against ? { against } : { baseUrl: values['base-url']!, token: token ?? '' }),
    ...(values['scratch-account'] !== undefined ? { scratchAccount: values['scratch-account'] } : {}),
    ...(values.record !== undefined ? { record: true } : {}),
    ...(rate !== undefined ? { rate } : {}),
    signal: controller.signal,
    onProgress: ({ done, total, probe }) => {
      process.stderr.write(
        `[${String(done).padStart(String(total).length)}/${total}] ${probe.outcome.padEnd(7)} ${probe.id}\n`,
      );
    },
  });
  const redact = (text: string) => (token ? text.split(token).join('<token>') : text);
  if (outputs.report !== undefined) writeAtomically(outputs.report, redact(markdownReport(run.report)));
  if (outputs.json !== undefined) writeAtomically(outputs.json, redact(`${JSON.stringify(run.report, null, 2)}\n`));
  if (outputs.record !== undefined && run.recording) {
    // A recording is a reference: an interrupted run's would hold probes that never ran.
    if (run.report.interrupted)
      process.stderr.write(`ledger-parity: interrupted, so ${outputs.record} was not written\n`);
    else writeAtomically(outputs.record, redact(`${JSON.stringify(run.recording, null, 2)}\n`));
  }
  process.stdout.write(redact(summary(run, outputs)));
  return run.exitCode;
}

function summary(run: ParityRun, outputs: Record<string, string | undefined>): string {
  const { report } = run;
  const { same, differs, skipped } = report.summary;
  const odd =
    report.oddities.length > 0
      ? `; ${report.oddities.length} odd answer${report.oddities.length === 1 ? '' : 's'}`
      : '';
  const lines = [
    `ledger-parity: ${same} same, ${differs} differ, ${skipped} skipped (of ${report.probes.length} probes)${odd}${report.interrupted ? ', interrupted' : ''}`,
  ];
  const s = report.safety;
  if (s) {
    const withToken =
      Object.entries(s.with_token)
        .map(([method, n]) => `${method} ${n}`)
        .join(', ') || 'none';
    lines.push(
      `Sent: ${s.requests} requests to the target; with the token: ${withToken}; without a valid token: ${s.without_token}`,
    );
    if (report.mode === 'scratch')
      lines.push(
        `Undone: ${s.undone.snapshots_deleted} snapshots deleted; fields restored: ${s.undone.account_fields_restored.join(', ') || 'none needed'}`,
      );
    if (s.not_undone.length > 0) lines.push(`NOT UNDONE: ${s.not_undone.join('; ')}`);
    const ba = s.before_after;
    lines.push(
      ba.identical === null
        ? `Before/after: ${ba.error}`
        : ba.identical
          ? 'Before/after: everything the token sees is identical'
          : `Before/after DIFFER: ${ba.changes.join('; ')}`,
    );
  }
  const c = report.coverage;
  lines.push(
    `Rules and spec-gaps entries: ${c.observed} observed, ${c.skipped} skipped (their probes did not run), ${c.not_observable} not observable with one token`,
  );
  for (const oddity of report.oddities) lines.push(`odd answer (${oddity.read}): ${describeOddity(oddity)}`);
  for (const probe of report.probes.filter((p) => p.outcome === 'differs')) {
    const first = probe.differences?.[0];
    lines.push(
      `differs: ${probe.id} (${probe.spec})${first ? `: ${first.where}: target ${short(first.target)}, fake ${short(first.fake)}` : ''}`,
    );
  }
  for (const [option, file] of Object.entries(outputs)) if (file !== undefined) lines.push(`${option}: ${file}`);
  return `${lines.join('\n')}\n`;
}

/** A value in one short line. */
function short(value: unknown): string {
  const text = value === undefined ? '(absent)' : (JSON.stringify(value) ?? String(value));
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
}

function readRecording(file: string): ParityRecording {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read recording ${file}: ${(error as Error).message}`);
  }
  try {
    return checkRecording(JSON.parse(text));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof RecordingError)
      throw new UsageError(`recording ${file} cannot be used: ${error.message}`);
    throw error;
  }
}

/** Refuses at once an output file whose folder does not exist, rather than after the whole run. */
function checkWritable(option: string, file: string): void {
  const folder = dirname(resolve(file));
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    // reported below
  }
  if (!isFolder) throw new UsageError(`--${option} ${file}: the folder ${folder} does not exist`);
}

/** Written whole or not at all: a temporary file renamed over the target. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const token = process.env.LEDGER_TOKEN;
    const message =
      error instanceof Error
        ? error instanceof UsageError || error instanceof ParityStartError
          ? error.message
          : (error.stack ?? error.message)
        : String(error);
    process.stderr.write(`ledger-parity: ${token ? message.split(token).join('<token>') : message}\n`);
    process.exit(error instanceof UsageError || error instanceof ParityStartError ? 2 : 1);
  },
);
