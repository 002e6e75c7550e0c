import { describe, expect, it } from 'vitest';
import { readTar, tarStream, type TarEntry, type TarReadEntry } from '../../src/server/backup/tar';

async function collect(stream: AsyncIterable<Uint8Array>, chunkSize: number): Promise<Buffer[]> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  const whole = Buffer.concat(parts);
  const chunks: Buffer[] = [];
  for (let i = 0; i < whole.length; i += chunkSize) chunks.push(whole.subarray(i, i + chunkSize));
  return chunks;
}

async function read(chunks: Buffer[]) {
  const found: (TarReadEntry & { content: string })[] = [];
  await readTar(
    (async function* () {
      yield* chunks;
    })(),
    {
      entry: async (entry) => void found.push({ ...entry, content: '' }),
      data: async (chunk) => void (found.at(-1)!.content += chunk.toString('latin1')),
      end: async () => undefined,
    },
  );
  return found;
}

const mtime = new Date('2026-03-15T12:00:00Z');
const longName = `db/${'a'.repeat(90)}/${'b'.repeat(90)}/file`;
const files: [string, string][] = [
  ['empty', ''],
  ['one-block', 'x'.repeat(512)],
  ['odd', 'é'.repeat(700)],
  [longName, 'deep'],
];

function entries(): TarEntry[] {
  return [
    { name: 'db', type: 'directory', mtime },
    ...files.map(([name, text]): TarEntry => {
      const content = Buffer.from(text, 'latin1');
      return { name, type: 'file', size: content.length, mtime, content: [content] };
    }),
  ];
}

describe('the backup tar', () => {
  it.each([1, 100, 512, 4096, 1 << 20])(
    'reads back what it wrote, in chunks of %i bytes',
    async (chunkSize) => {
      const chunks = await collect(tarStream(entries()), chunkSize);
      expect(await read(chunks)).toEqual([
        { name: 'db', type: 'directory', size: 0, content: '' },
        ...files.map(([name, content]) => ({ name, type: 'file', size: content.length, content })),
      ]);
    },
  );

  it('refuses an archive cut short, and bytes that are not one', async () => {
    const whole = Buffer.concat(await collect(tarStream(entries()), 1 << 20));
    await expect(read([whole.subarray(0, 1024 + 300)])).rejects.toThrow(/cut short/);
    await expect(read([Buffer.alloc(1024, 'x')])).rejects.toThrow(/not a Tidings backup/);
    await expect(read([Buffer.from('hello')])).rejects.toThrow(/not a Tidings backup/);
  });

  it('refuses a file whose size changed while it was written', async () => {
    const changed: TarEntry = {
      name: 'grew',
      type: 'file',
      size: 3,
      mtime,
      content: [Buffer.from('four')],
    };
    await expect(collect(tarStream([changed]), 512)).rejects.toThrow(/changed while/);
  });
});
