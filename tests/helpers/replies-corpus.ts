import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplyReading } from '../../src/shared/reply-reading';

/**
 * The corpus of labelled replies (tests/unit/fixtures/replies-corpus.tsv): the FCC order's
 * examples, the carriers' keyword lists in English, Spanish and French, misspellings, and everyday
 * sentences that hold a stop word in another sense. Read by the unit tests of the reading and by
 * the API test that sends each one through the inbound webhook.
 */
export const REPLIES_CORPUS = readFileSync(
  path.join(import.meta.dirname, '../unit/fixtures/replies-corpus.tsv'),
  'utf8',
)
  .split('\n')
  .slice(1)
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [label, reply, language, note] = line.split('\t') as [
      ReplyReading,
      string,
      string,
      string,
    ];
    return { label, reply, language, note };
  });
