/**
 * The JavaScript a first page load fetches before anything shows: index.html's script and every
 * module it preloads (screens come later, in their own chunks). `npm run bench:start` prints it,
 * and a browser test holds it to the budget.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first page's JavaScript may weigh at most this much, gzip -9 (issue 14: 274 KB). */
export const INITIAL_JS_BUDGET_BYTES = 274 * 1024;

export interface InitialFile {
  file: string;
  raw: number;
  gzip: number;
  /** As served: the build's .br copy, or the file itself under 1 KB (vite-precompress.ts). */
  brotli: number;
}

export async function initialJs(consoleDir: string) {
  const html = await readFile(path.join(consoleDir, 'index.html'), 'utf8');
  const names = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const files: InitialFile[] = [];
  for (const file of names) {
    const content = await readFile(path.join(consoleDir, file));
    const compressed = await readFile(path.join(consoleDir, `${file}.br`)).catch(() => content);
    files.push({
      file,
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: compressed.length,
    });
  }
  const sum = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((total, f) => total + f[key], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}
