import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect } from 'vitest';
import { builtProgram } from '../../helpers/server';

/**
 * `npm run seed:demo` into a data directory, as a new user would before starting Tidings; `env`
 * names the first admin it creates.
 */
export async function seedDemo(dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, builtProgram('seed-demo'), {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  expect(code, output).toBe(0);
}
