import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The Tidings checkout the server runs from: the nearest folder above this module that holds
 * `package.json`. The server runs both from its sources (`src/server`, under tsx in tests and
 * development) and built into one folder (`dist/server`, as `npm start` runs it), so files beside
 * the code (the migrations, the built console, package.json) are found from here, never by a path
 * relative to the module that asks.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** A path inside the checkout, e.g. `projectPath('dist/console')`. */
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
