/**
 * The tar format (POSIX ustar) of a backup, written and read here: regular files and directories,
 * nothing else, which is all a backup holds. Any `tar` reads what this writes.
 */

const BLOCK = 512;
export const NOT_A_BACKUP = 'This file is not a Tidings backup, or it is damaged';
export const CUT_SHORT = 'This backup is cut short: it ends in the middle (an unfinished copy?)';
/** ustar's size field: 11 octal digits. No file of a backup comes near it. */
const MAX_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  /** A relative path with `/` separators; a directory's ends without one. */
  name: string;
  type: 'file' | 'directory';
  /** A file's bytes; `size` of them, no more, no less. */
  content?: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  size?: number;
  mtime: Date;
}

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8');
}

function octal(header: Buffer, offset: number, length: number, value: number) {
  field(header, offset, length, value.toString(8).padStart(length - 1, '0') + '\0');
}

/** Splits a name into ustar's prefix (155 bytes) and name (100 bytes) at a `/`. */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`A path too long for a backup: ${name}`);
}

export function tarHeader(entry: Omit<TarEntry, 'content'>): Buffer {
  const size = entry.type === 'file' ? (entry.size ?? 0) : 0;
  if (size > MAX_SIZE) throw new Error(`A file too large for a backup: ${entry.name}`);
  const header = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  field(header, 0, 100, name);
  octal(header, 100, 8, entry.type === 'directory' ? 0o755 : 0o644);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, size);
  octal(header, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  field(header, 156, 1, entry.type === 'directory' ? '5' : '0');
  field(header, 257, 8, 'ustar\u000000');
  field(header, 345, 155, prefix);
  // The checksum is counted with its own field as spaces.
  field(header, 148, 8, ' '.repeat(8));
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return header;
}

/** The archive of `entries`, block by block. */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    yield tarHeader(entry);
    if (entry.type !== 'file') continue;
    let written = 0;
    for await (const chunk of entry.content ?? []) {
      written += chunk.length;
      yield chunk;
    }
    if (written !== (entry.size ?? 0)) {
      throw new Error(`${entry.name} changed while it was being backed up`);
    }
    if (written % BLOCK) yield Buffer.alloc(BLOCK - (written % BLOCK));
  }
  yield Buffer.alloc(2 * BLOCK);
}

export interface TarReadEntry {
  name: string;
  type: 'file' | 'directory';
  size: number;
}

/** What to do with each entry of an archive read by `readTar`. */
export interface TarReader {
  /** A file's bytes will follow through `data`, then `end`. */
  entry(entry: TarReadEntry): Promise<void>;
  data(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

function text(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul === -1 ? length : nul).toString('utf8');
}

function parseHeader(block: Buffer): TarReadEntry | null {
  if (block.every((byte) => byte === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (sum !== parseInt(text(block, 148, 8).trim(), 8)) {
    throw new Error(`${NOT_A_BACKUP} (a bad tar header)`);
  }
  const prefix = text(block, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + text(block, 0, 100);
  const flag = text(block, 156, 1);
  const type = flag === '5' ? 'directory' : flag === '0' || flag === '' ? 'file' : null;
  if (!type) throw new Error(`A backup holds files and directories only, not ${name}.`);
  return { name: name.replace(/\/$/, ''), type, size: parseInt(text(block, 124, 12).trim(), 8) };
}

/** Reads an archive from its bytes (`source`), handing each entry and its content to `reader`. */
export async function readTar(source: AsyncIterable<Buffer>, reader: TarReader): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  /** Bytes of the current file still to come, then the padding to its block's end. */
  let remaining = 0;
  let padding = 0;
  let ended = false;
  let entries = 0;
  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (remaining > 0) {
        if (pending.length === 0) break;
        const part = pending.subarray(0, Math.min(remaining, pending.length));
        pending = pending.subarray(part.length);
        remaining -= part.length;
        await reader.data(part);
        if (remaining === 0) await reader.end();
        continue;
      }
      if (padding > 0) {
        const skip = Math.min(padding, pending.length);
        pending = pending.subarray(skip);
        padding -= skip;
        if (padding > 0) break;
        continue;
      }
      if (pending.length < BLOCK) break;
      const header = parseHeader(pending.subarray(0, BLOCK));
      pending = pending.subarray(BLOCK);
      if (!header) {
        ended = true;
        break;
      }
      entries++;
      await reader.entry(header);
      if (header.type === 'file') {
        if (header.size === 0) await reader.end();
        remaining = header.size;
        padding = (BLOCK - (header.size % BLOCK)) % BLOCK;
      }
    }
  }
  if (entries === 0) throw new Error(NOT_A_BACKUP);
  if (!ended || remaining > 0) throw new Error(CUT_SHORT);
}
