/** A server of the portal run as its own process (the api, the gateway), as docker compose runs them. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  process: ChildProcess;
  /** The JSON log lines of its stdout, as they come. */
  lines: Record<string, unknown>[];
  /** The end of its stderr, for the message of a process that stops. */
  errors: string;
}

/** Runs `script` (relative to the repository) with its output read as it comes: a slow reader would slow it. */
export function startServer(script: string, env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const server: ServerProcess = { process: child, lines: [], errors: '' };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) server.lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    server.errors = `${server.errors}${chunk.toString('utf8')}`.slice(-2_000);
  });
  return server;
}

/** Polls `url` until it answers 200 (failing if `server` stops meanwhile); resolves to the time it did. */
export async function untilAnswers(url: string, server: ServerProcess): Promise<number> {
  for (;;) {
    const { exitCode } = server.process;
    if (exitCode !== null) throw new Error(`${url}: the process stopped (${exitCode}): ${server.errors}`);
    const response = await fetch(url).catch(() => null);
    await response?.body?.cancel();
    if (response?.ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Kills `server` as a crash would (SIGKILL) and resolves once it is gone. */
export async function crash(server: ServerProcess): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}
