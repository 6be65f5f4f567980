// Options both SimpleFIN commands take.
import { SetupError } from '../errors';

/** The default of --timeout, in seconds. */
const DEFAULT_TIMEOUT_S = 60;

/** --timeout in seconds (a positive number, at most an hour), as milliseconds. @default 60 s */
export function timeoutOption(text: string | undefined): number {
  if (text === undefined) return DEFAULT_TIMEOUT_S * 1000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > 3600)
    throw new SetupError(`--timeout ${JSON.stringify(text)}: give the seconds to wait, more than 0 and at most 3600`);
  return seconds * 1000;
}
