import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyNewDatabaseInto } from './pglite-template';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Node options `npm start` gives the server: package.json's start script is their one place. */
const START_OPTIONS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * The arguments that run one of the built server's programs (`scripts/build-server.ts`; the test
 * layers that start processes build it first, in their global setup), as `npm start`, `npm run
 * worker` and the scripts do.
 */
export const builtProgram = (name: 'main' | 'worker' | 'backup' | 'restore' | 'seed-demo') => [
  ...(name === 'main' ? START_OPTIONS : ['--enable-source-maps']),
  path.join(ROOT, 'dist/server', `${name}.js`),
];

export interface RunningServer {
  url: string;
  /** The server's process id (its memory can be read from /proc). */
  pid: number;
  dataDir: string;
  /** Everything the server printed on stdout so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(): Promise<number | null>;
}

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A server process just launched: it may still be starting. */
export interface LaunchedServer {
  child: ChildProcess;
  url: string;
  dataDir: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<unknown[]>;
}

/**
 * Launches the real Tidings server (`src/server/main.ts`, built, as `npm start` does) on a free port with
 * its own temporary data directory unless `env` names one, without waiting for it. That directory
 * starts with a copy of a new embedded database (`pglite-template.ts`) unless `env` names a
 * PostgreSQL database.
 */
export async function launchServer(env: Record<string, string> = {}): Promise<LaunchedServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (await newDataDir(env));
  const child: ChildProcess = spawn(process.execPath, builtProgram('main'), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stdout: () => stdout,
    stderr: () => stderr,
    exited: once(child, 'exit'),
  };
}

async function newDataDir(env: Record<string, string>): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-e2e-'));
  if (!env.DATABASE_URL) await copyNewDatabaseInto(dataDir);
  return dataDir;
}

/**
 * Starts the real Tidings server (`launchServer`) and waits until it says it is running, for up to
 * `startTimeoutMs` (a first start creates its database, which takes longer on a busy machine).
 */
export async function startServer(
  env: Record<string, string> = {},
  { startTimeoutMs = 60_000 } = {},
): Promise<RunningServer> {
  const launched = await launchServer(env);
  const { child, dataDir, exited } = launched;
  const stdout = () => launched.stdout();
  const stderr = () => launched.stderr();

  const started = Date.now();
  while (!stdout().includes('Tidings is running at')) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.exitCode ?? child.signalCode;
      throw new Error(`The server exited with ${how}:\n${stdout()}\n${stderr()}`);
    }
    if (Date.now() - started > startTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(
        `The server did not start within ${startTimeoutMs / 1000} s:\n${stdout()}\n${stderr()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url: launched.url,
    pid: child.pid!,
    dataDir,
    output: stdout,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const [code] = await exited;
      if (!env.DATA_DIR && existsSync(dataDir)) await rm(dataDir, { recursive: true, force: true });
      return code as number | null;
    },
  };
}

/**
 * Runs the server expecting it to end by itself (refusing to start, or killed by a `preload`, a
 * module loaded before the server's own); resolves with its exit code, signal and output.
 */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
  preload?: string,
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  // A preload is TypeScript: tsx loads it.
  const imports = preload ? ['--import', 'tsx', '--import', preload] : [];
  const child = spawn(process.execPath, [...imports, ...builtProgram('main')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code, signal] = await once(child, 'exit');
  clearTimeout(timer);
  return { code: code as number | null, signal: signal as string | null, stdout, stderr };
}
