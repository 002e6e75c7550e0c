import { Writable } from 'node:stream';

/** Collects the server's JSON log lines, to check what is (and is not) logged. */
export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info' as const, stream } };
}
