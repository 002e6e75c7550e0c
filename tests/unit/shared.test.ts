import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '../../src/shared/email';
import { formatDuration, formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { loginSchema } from '../../src/shared/validation/auth';

describe('formatMessage', () => {
  it('fills %{name} placeholders as react-admin does', () => {
    expect(formatMessage(messages.products.dayMessageRequired, { n: 3 })).toBe(
      'Day 3 message is required',
    );
    expect(formatMessage(messages.dashboard.hello, { name: 'Ada' })).toBe('Hello Ada');
  });

  it('leaves unknown placeholders visible', () => {
    expect(formatMessage('Hi %{who}', {})).toBe('Hi %{who}');
  });
});

describe('email', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co x', 'a b@c.de', `${'a'.repeat(250)}@b.co`])(
    'refuses %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('normalizes by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
  });
});

describe('loginSchema', () => {
  it('requires email and password with the spec messages', () => {
    const result = loginSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', messages.login.emailRequired],
      ['password', messages.login.passwordRequired],
    ]);
  });

  it('treats a blank email as missing', () => {
    const result = loginSchema.safeParse({ email: '   ', password: 'x' });
    expect(result.error!.issues[0]!.message).toBe(messages.login.emailRequired);
  });

  it('normalizes the email and keeps the password as typed', () => {
    expect(loginSchema.parse({ email: ' Ada@Example.org', password: ' pw ' })).toEqual({
      email: 'ada@example.org',
      password: ' pw ',
    });
  });
});

describe('formatDuration', () => {
  it('states a duration in the largest unit that is exact', () => {
    expect(formatDuration(4 * 3_600_000)).toBe('4 hours');
    expect(formatDuration(90 * 60_000)).toBe('90 minutes');
    expect(formatDuration(86_400_000)).toBe('1 day');
    expect(formatDuration(3_600_000)).toBe('1 hour');
    expect(formatDuration(61_000)).toBe('61 seconds');
  });
});
