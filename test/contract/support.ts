// Prism as a child process for the contract tests, and a fetch that records every response.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import document from '../../openapi.json' with { type: 'json' };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRISM_CLI = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');

export interface RunningPrism {
  /** `http://127.0.0.1:<port>` */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Prism's line once it listens, with the address it took. */
const LISTENING = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)\s*\n/; // the whole line: a chunk may end mid-port

/**
 * Starts `prism <args> -p 0 -h 127.0.0.1` on openapi.json and waits (bounded) for its "Prism is listening on
 * <url>" line. Port 0: Prism takes a free port itself and says which (a port found free beforehand could be taken
 * by another process before Prism binds it).
 */
export async function startPrism(args: string[], timeoutMs = 90_000): Promise<RunningPrism> {
  const child = spawn(process.execPath, [PRISM_CLI, ...args, '-p', '0', '-h', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  let url = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Prism did not start within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const listening = LISTENING.exec(output);
        if (listening) {
          url = listening[1]!;
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`Prism exited (${code}) before listening:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => output, stop };
}

/** One response seen by the recording fetch. */
export interface SeenResponse {
  method: string;
  path: string;
  /** The operationId in openapi.json, or null for a path it does not have. */
  operationId: string | null;
  status: number;
  /** Prism's `sl-violations` header: null when the response (and request) met the document. */
  violations: string | null;
  contentType: string | null;
}

const operationsByRoute = Object.entries(
  document.paths as Record<string, Record<string, { operationId?: string }>>,
).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op === 'object' && op !== null && 'operationId' in op)
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      operationId: op.operationId!,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
);

/** The operationId of a method and path, from openapi.json. */
export function operationOf(method: string, path: string): string | null {
  return operationsByRoute.find((op) => op.method === method && op.pattern.test(path))?.operationId ?? null;
}

/** Every (operationId, status) the document declares, `default` left out. */
export function declaredStatuses(): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const item of Object.values(
    document.paths as Record<string, Record<string, { operationId?: string; responses?: object }>>,
  )) {
    for (const op of Object.values(item)) {
      if (op && typeof op === 'object' && op.operationId && op.responses) {
        declared.set(
          op.operationId,
          Object.keys(op.responses).filter((key) => key !== 'default'),
        );
      }
    }
  }
  return declared;
}

/** A fetch that records each response (status, operation, `sl-violations`) before handing it on. */
export function recordingFetch(seen: SeenResponse[]): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await fetch(request);
    const path = new URL(request.url).pathname;
    seen.push({
      method: request.method,
      path,
      operationId: operationOf(request.method, path),
      status: response.status,
      violations: response.headers.get('sl-violations'),
      contentType: response.headers.get('content-type'),
    });
    return response;
  };
}
