import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders } from '../../src/server/webhooks/signature';

/**
 * Tidings' webhook signatures against the Standard Webhooks reference library (`standardwebhooks`,
 * the specification's own package): over generated ids, bodies and times, its `verify` accepts
 * what Tidings signs, with every secret of a rotation, and refuses any change to what was signed.
 */

/** A body as Tidings sends one: JSON, with any text in it (emoji, other scripts, escapes). */
const body = fc
  .record({ type: fc.string(), data: fc.dictionary(fc.string(), fc.jsonValue()) })
  .map((event) => JSON.stringify(event));
const id = fc.oneof(fc.uuid(), fc.stringMatching(/^msg_[A-Za-z0-9]{1,40}$/));
/** Within the library's five-minute tolerance of now. */
const at = fc
  .integer({ min: -240, max: 240 })
  .map((seconds) => new Date(Date.now() + seconds * 1000));
const secret = fc
  .uint8Array({ minLength: 24, maxLength: 64 })
  .map((key) => `whsec_${Buffer.from(key).toString('base64')}`);

describe('webhook signatures (Standard Webhooks)', () => {
  it('makes secrets the reference library takes: whsec_ and 32 random bytes', () => {
    const made = new Set(Array.from({ length: 100 }, newWebhookSecret));
    expect(made.size).toBe(100);
    for (const one of made) {
      expect(one).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(() => new Webhook(one)).not.toThrow();
    }
  });

  it('is verified by the reference library, and equals its own signature', () => {
    fc.assert(
      fc.property(secret, id, at, body, (key, msgId, when, payload) => {
        const headers = webhookHeaders(msgId, when, payload, [key]);
        const library = new Webhook(key);
        expect(library.verify(payload, headers)).toEqual(JSON.parse(payload));
        expect(headers['webhook-signature']).toBe(library.sign(msgId, when, payload));
      }),
      { numRuns: 300 },
    );
  });

  it('verifies with either secret of a rotation', () => {
    fc.assert(
      fc.property(secret, secret, id, at, body, (old, current, msgId, when, payload) => {
        const headers = webhookHeaders(msgId, when, payload, [current, old]);
        expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
        for (const key of [old, current]) {
          expect(new Webhook(key).verify(payload, headers)).toEqual(JSON.parse(payload));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('fails to verify once the body, the id or the time changed, or with another secret', () => {
    fc.assert(
      fc.property(secret, secret, id, at, body, (key, other, msgId, when, payload) => {
        fc.pre(key !== other);
        const headers = webhookHeaders(msgId, when, payload, [key]);
        const library = new Webhook(key);
        expect(() => library.verify(`${payload} `, headers)).toThrow();
        expect(() => library.verify(payload, { ...headers, 'webhook-id': `${msgId}x` })).toThrow();
        const later = String(Number(headers['webhook-timestamp']) + 1);
        expect(() => library.verify(payload, { ...headers, 'webhook-timestamp': later })).toThrow();
        expect(() => new Webhook(other).verify(payload, headers)).toThrow();
      }),
      { numRuns: 100 },
    );
  });
});
