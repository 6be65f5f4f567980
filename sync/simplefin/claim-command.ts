// `ledger-sync simplefin claim <token> --out <file>`: trades a SimpleFIN Token for its Access URL, once, and keeps the
// URL in a file only its owner can read. The URL is never printed; the token is never quoted.
import { parseCommandLine } from '../args';
import { EXIT, SetupError, type RunState } from '../errors';
import { say, type Env, type Io } from '../io';
import { prepareAccessFile } from './access-file';
import { accessPointOf, AddressError, claimUrlOf, openPoint } from './address';
import { call, SimplefinCallError } from './http';
import { checkStatus } from './statuses';
import { timeoutOption } from './options';

export const CLAIM_USAGE = `Usage: ledger-sync simplefin claim <token> --out <file> [--force] [--timeout <seconds>]
  Claims a SimpleFIN Token (from the SimpleFIN Bridge, https://bridge.simplefin.org) once, and stores the Access URL
  it gives in <file>, readable by you only (mode 600). The Access URL reads your accounts: it is never printed.
  --out       the file to create; an existing one, a folder, or one that cannot be created is refused (nothing
              is claimed)
  --force     replace <file> if it exists (never a folder)
  --timeout   seconds to wait for the server (default 60)
Exit status: 0 stored; 1 the claim failed (a 403 means the token was used already or does not exist: disable it at
the Bridge); 2 refused to start (arguments, a token that is not one, an --out that exists or cannot be written).`;

const OPTIONS = {
  out: { type: 'string' },
  force: { type: 'boolean' },
  timeout: { type: 'string' },
} as const;

/** The claim answer is read up to this size: an Access URL is one short line. */
const MAX_ANSWER_BYTES = 8 * 1024;

/** Runs the claim. Returns the exit code; throws SetupError (exit 2) before anything is sent. */
export async function claimAccess(
  argv: string[],
  _env: Env,
  io: Io,
  keep: (held: Partial<RunState>) => void,
): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, CLAIM_USAGE);
  if (positionals.length !== 1)
    throw new SetupError(`give exactly one SimpleFIN Token (${positionals.length} given)\n${CLAIM_USAGE}`);
  keep({ secrets: [positionals[0]!.trim()] });
  if (values.out === undefined)
    throw new SetupError(`--out is required: the file to keep the Access URL in\n${CLAIM_USAGE}`);
  const timeoutMs = timeoutOption(values.timeout);
  let claimUrl: URL;
  try {
    claimUrl = claimUrlOf(positionals[0]!);
  } catch (error) {
    throw error instanceof AddressError ? new SetupError(`${error.message} (token not shown)`) : error;
  }
  const point = openPoint(claimUrl);
  keep({ secrets: [positionals[0]!.trim(), ...point.secrets] });
  const pending = await prepareAccessFile(values.out, values.force === true);
  let access: string;
  try {
    // Never retried: a claim that reached the server used the token up, and a second try would only say 403.
    const answer = await call(point, claimUrl, 'POST', {
      retries: 0,
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      signal: io.signal,
    }).catch((error: unknown) => {
      if (!(error instanceof SimplefinCallError)) throw error;
      // Refused, unknown host, bad certificate: the request (and the token in its path) never left this machine.
      const unsent = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|certificate/.test(error.message);
      throw new Error(
        `${error.message}. ${unsent ? 'The token was not sent: try again later.' : 'The token may or may not be used up now: if a new claim says 403, create a new token.'}`,
      );
    });
    checkStatus(answer, 'claim', claimUrl.host);
    access = answer.body.trim();
    try {
      accessPointOf(access, "the server's answer");
    } catch (error) {
      if (!(error instanceof AddressError)) throw error;
      throw new Error(
        `the SimpleFIN server at ${claimUrl.host} answered the claim, but not with an Access URL (${error.message.replace(/^the server's answer /, '')}); nothing was stored`,
      );
    }
  } catch (error) {
    await pending.discard();
    throw error;
  }
  keep({ secrets: [positionals[0]!.trim(), ...point.secrets, ...accessPointOf(access, 'the answer').secrets] });
  await pending.commit(access);
  say(
    io.stdout,
    `Claimed: the Access URL for ${new URL(access).host} is stored in ${values.out}, readable by you only (mode 600).`,
  );
  say(
    io.stdout,
    "It reads your accounts: keep it as safe as your bank data. To end access, disable this app's token at the Bridge.",
  );
  say(
    io.stdout,
    `Next: ledger-sync simplefin --access-file ${values.out} --dry-run   (with --mapping, or LEDGER_* / --demo)`,
  );
  return EXIT.ok;
}
