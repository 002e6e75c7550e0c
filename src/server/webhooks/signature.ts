import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signatures of the Standard Webhooks specification (standardwebhooks.com), so any consumer can
 * verify a Tidings webhook with the `standardwebhooks` package or a few lines of code:
 *
 * - the secret is `whsec_` and the key in base64 (32 random bytes here);
 * - `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`
 *   (the timestamp in whole seconds since 1970), one such signature per secret in use, separated by
 *   spaces: while a rotated secret's old one still signs, either verifies.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The key of a secret: the base64 after the prefix. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}

/** The three headers of a webhook request, signed with each of `secrets`. */
export function webhookHeaders(
  id: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const content = `${id}.${timestamp}.${body}`;
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`,
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  };
}
