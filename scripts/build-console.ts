/**
 * Builds the console into dist/console when its sources changed since the last build, so that
 * `npm start` on a fresh clone serves a console without a separate build step, and later starts
 * skip the build. `--force` always builds.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src/admin',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const OUTPUT = path.join(root, 'dist/console/index.html');

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map((e) => stat(path.join(e.parentPath, e.name)).then((s) => s.mtimeMs)),
  );
  return Math.max(info.mtimeMs, ...times);
}

/** Whether `output` is missing or older than the newest file of `sources` (paths from the root). */
export async function isStale(output: string, sources: string[]): Promise<boolean> {
  const built = await stat(output).catch(() => null);
  if (!built) return true;
  const newest = Math.max(
    ...(await Promise.all(sources.map((s) => newestMtime(path.join(root, s))))),
  );
  return newest > built.mtimeMs;
}

export const consoleBuildIsStale = () => isStale(OUTPUT, SOURCES);

export async function ensureConsoleBuilt({ force = false } = {}): Promise<boolean> {
  if (!force && !(await consoleBuildIsStale())) return false;
  process.stdout.write('Building the console (dist/console)...\n');
  const started = Date.now();
  // Vite builds for NODE_ENV when it is set, and the test runner sets it to 'test': the browser
  // tests then ran (and `npm start` later served) React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  process.stdout.write(`Console built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureConsoleBuilt({ force: process.argv.includes('--force') });
}
