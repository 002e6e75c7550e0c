import { randomPoolBytes } from '../random-pool';

/**
 * A UUID version 7 (RFC 9562, section 5.7): the Unix time in milliseconds, then 74 random bits.
 * The outbox's rows, their events and link requests are written by the hundred thousand, and ids
 * that follow the clock go to the right-hand end of each index on them instead of to a random page
 * of it: PostgreSQL then touches (and logs) a few pages per batch instead of one per row. Measured
 * on 5,000 planned rows with their events and short links: 400 ms instead of 590 ms. The database
 * makes the same ids for the tables' defaults (uuid_v7(), migration 0020). The random bits keep
 * ids unguessable; the time they show is the row's own creation time, which its API shows anyway.
 */
export function uuidV7(now = Date.now()): string {
  const bytes = Buffer.from(randomPoolBytes(16));
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The lowest UUID version 7 of the millisecond `at`: ids below it were made before it. */
export function firstUuidV7At(at: number): string {
  const hex = at.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}
