// The options of a run, checked in one place for the function and the command alike.
import { BaseUrlError, checkedBaseUrl } from '../reading/service';
import { commandTokenProblem } from '../src/shared/token';
import { PROBES } from './probes';
import type { ParityRecording } from './report/recording';
import type { ParityReport, ProbeResult } from './report/types';

/** Options of runParity. */
export interface ParityOptions {
  /** The service's base URL (a trailing /api/public/v1 is dropped). Required unless `against`. */
  baseUrl?: string;
  /** The API token (the command reads LEDGER_TOKEN). Required unless `against`. Never written anywhere. */
  token?: string;
  /**
   * An account created for the kit: with it, probes also write, to this account only and on dates in the reserved
   * year 2000, and undo every write. @default none: only GET, HEAD and OPTIONS requests carry the token
   */
  scratchAccount?: string;
  /** Compares the fake with a recording instead of a service: no network. */
  against?: ParityRecording;
  /** Also returns a recording of the target's normalized answers (`run.recording`). @default false */
  record?: boolean;
  /** At most this many requests a second to the service. @default 5 */
  rate?: number;
  /** At most this many requests to the service in all, some kept for undoing writes and the final read. @default 2000 */
  budget?: number;
  /** Time-out of one request, in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** Aborting it (Ctrl-C) stops the probes; the writes are still undone and the report covers what ran. */
  signal?: AbortSignal;
  /** Runs only the probes with these ids; the others are reported skipped. @default every probe */
  only?: readonly string[];
  /** Called after each probe. */
  onProgress?(progress: { done: number; total: number; probe: ProbeResult }): void;
  /** The transport to the service. @default globalThis.fetch */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/** What runParity gives back. */
export interface ParityRun {
  report: ParityReport;
  /** With `record`: the target's normalized answers, for `against` later. */
  recording?: ParityRecording;
  /** 0 nothing differs; 1 something differs, a write could not be undone, or the final read failed or found a change; 130 interrupted. */
  exitCode: 0 | 1 | 130;
}

/** The run refused to start (bad options, an unreachable target, a refused token...); nothing was written. */
export class ParityStartError extends Error {
  override readonly name = 'ParityStartError';
}

/** Defaults of the options that have one. */
export const DEFAULTS = { rate: 5, budget: 2000, timeoutMs: 30_000 } as const;

/** The options checked, with defaults applied; throws ParityStartError. */
export function checkOptions(
  options: ParityOptions,
): Required<Pick<ParityOptions, 'rate' | 'budget' | 'timeoutMs'>> & ParityOptions {
  const rate = options.rate ?? DEFAULTS.rate;
  const budget = options.budget ?? DEFAULTS.budget;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  if (!(rate > 0)) throw new ParityStartError(`rate must be a number above 0, not ${String(options.rate)}`);
  if (!Number.isInteger(budget) || budget < 100)
    throw new ParityStartError(`budget must be a whole number of at least 100, not ${String(options.budget)}`);
  if (!(timeoutMs > 0)) throw new ParityStartError(`timeoutMs must be above 0, not ${String(options.timeoutMs)}`);
  const unknown = (options.only ?? []).filter((id) => !PROBES.some((probe) => probe.id === id));
  if (unknown.length > 0) throw new ParityStartError(`no probe ${unknown.join(', ')}`);
  if (options.against) {
    const extra = (['baseUrl', 'scratchAccount', 'record'] as const).filter(
      (key) => options[key] !== undefined && options[key] !== false,
    );
    if (extra.length > 0)
      throw new ParityStartError(`against compares with a recording and needs no ${extra.join(', ')}`);
    return { ...options, rate, budget, timeoutMs };
  }
  if (!options.baseUrl) throw new ParityStartError('a base URL is needed (or a recording to compare against)');
  let baseUrl: string;
  try {
    baseUrl = checkedBaseUrl(options.baseUrl);
  } catch (error) {
    if (error instanceof BaseUrlError) throw new ParityStartError(error.message);
    throw error;
  }
  const tokenProblem = commandTokenProblem('LEDGER_TOKEN', options.token);
  if (tokenProblem !== undefined) throw new ParityStartError(tokenProblem);
  if (options.scratchAccount !== undefined && options.scratchAccount.trim() === '')
    throw new ParityStartError('the scratch account id is empty');
  return { ...options, baseUrl, rate, budget, timeoutMs };
}
