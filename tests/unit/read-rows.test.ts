import { describe, expect, it } from 'vitest';
import { readRows } from '../../src/server/imports/read-rows';

/**
 * Reading a large file must leave room for everything else the server does meanwhile: other
 * requests, timers. Without breaks, rows parsed from memory are handed on through promises alone,
 * and nothing else runs until the last row is read.
 */
describe('readRows on a large CSV', () => {
  it('lets other work run before the file is read to its end, and reads every row', async () => {
    const count = 20_000;
    const lines = ['Email,First name'];
    for (let i = 1; i <= count; i++) lines.push(`p${i}@example.org,First${i}`);
    const content = Buffer.from(lines.join('\r\n'));

    let rowsRead = 0;
    let rowsReadWhenOtherWorkRan: number | undefined;
    const other = setInterval(() => {
      rowsReadWhenOtherWorkRan ??= rowsRead;
    }, 0);
    let last = 0;
    for await (const row of readRows(content, 'csv')) {
      rowsRead += 1;
      last = row.row;
    }
    clearInterval(other);

    expect(rowsRead).toBe(count + 1);
    expect(last).toBe(count + 1);
    expect(rowsReadWhenOtherWorkRan).toBeDefined();
    expect(rowsReadWhenOtherWorkRan!).toBeLessThan(count / 2);
  });
});
