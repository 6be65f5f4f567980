// Servers under test as child processes: started, awaited until they print a ready line, stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningProcess {
  /** The first match of `ready` in the output. */
  match: RegExpMatchArray;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (127.0.0.1). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns `command args`, waits (bounded) until its stdout or stderr matches `ready`; output is drained and dropped after. */
export async function startProcess(
  command: string,
  args: string[],
  ready: RegExp,
  options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv },
): Promise<RunningProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  let output = '';
  try {
    const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${command} did not get ready within ${options.timeoutMs ?? 60_000} ms:\n${output}`)),
        options.timeoutMs ?? 60_000,
      );
      const onData = (chunk: Buffer) => {
        if (output === undefined) return;
        output += chunk.toString('utf8');
        const found = output.match(ready);
        if (found) {
          clearTimeout(timer);
          output = '';
          resolve(found);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${command} exited (${child.exitCode}) before it was ready:\n${output}`));
      });
    });
    // Keep draining, so a server that logs every request never blocks on a full pipe.
    child.stdout!.removeAllListeners('data').resume();
    child.stderr!.removeAllListeners('data').resume();
    return { match, child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
