import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_COST_DEFAULT,
  usePasswordCost,
  verifyPassword,
} from '../../src/server/auth/passwords';
import { generateToken, hashToken, TOKEN_PATTERN } from '../../src/server/auth/tokens';
import { redactUrl } from '../../src/server/http/logger';

describe('passwords', () => {
  it('hash with scrypt and a per-user salt, and verify', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsf', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treat the same text in different Unicode forms as one password', async () => {
    const hash = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('are made at the cost set for the process, and verify at the cost stored with them', async () => {
    const full = await hashPassword('correct horse');
    usePasswordCost(10);
    try {
      const cheap = await hashPassword('correct horse');
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword('correct horse', cheap)).toBe(true);
      expect(await verifyPassword('correct horse', full)).toBe(true);
    } finally {
      usePasswordCost(PASSWORD_COST_DEFAULT);
    }
  });

  it('refuse stored values of another scheme', async () => {
    expect(await verifyPassword('x', 'plain:x')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 256-bit random strings, stored as a SHA-256 hash', () => {
    const token = generateToken();
    expect(token).toMatch(TOKEN_PATTERN);
    expect(generateToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});

describe('redactUrl', () => {
  it('masks tokens in paths and queries', () => {
    expect(redactUrl('/api/contacts/verify-email/abc.def')).toBe(
      '/api/contacts/verify-email/[redacted]',
    );
    expect(redactUrl('/verify-email?token=abc&x=1')).toBe('/verify-email?token=[redacted]&x=1');
    expect(redactUrl('/api/programs?page=2')).toBe('/api/programs?page=2');
  });
});
