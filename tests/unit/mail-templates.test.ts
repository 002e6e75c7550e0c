import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/shared/format';
import { retryDelayMs, MAX_EMAIL_ATTEMPTS } from '../../src/server/mail/backoff';
import { renderEmail } from '../../src/server/mail/templates';
import { EMAIL_TEXTS } from '../../src/server/mail/texts';

const link = 'https://tidings.example.org/verify-email?token=abc&x=1';

describe('renderEmail', () => {
  it('welcome: product, first name, link, 72-hour expiry and what to do if unexpected, in both parts', () => {
    const email = renderEmail('welcome', { firstName: 'Ada' }, link);
    expect(email.subject).toBe(EMAIL_TEXTS.welcome.subject);
    expect(email.subject).toContain('Tidings');
    const expiry = formatMessage(EMAIL_TEXTS.welcome.expiry, { expires: '72 hours' });
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Hi Ada,');
      expect(part).toContain('Tidings');
      expect(part).toContain(EMAIL_TEXTS.welcome.unexpected);
      expect(part).toContain(expiry);
    }
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.html).toContain(
      'href="https://tidings.example.org/verify-email?token=abc&amp;x=1"',
    );
  });

  it('password reset: a 1-hour link', () => {
    const email = renderEmail('password_reset', { firstName: 'Ada' }, link);
    expect(email.subject).toBe(EMAIL_TEXTS.password_reset.subject);
    expect(email.text).toContain(
      formatMessage(EMAIL_TEXTS.password_reset.expiry, { expires: '1 hour' }),
    );
    expect(email.text).toContain(EMAIL_TEXTS.password_reset.unexpected);
  });

  it('escapes the first name in the HTML part, and keeps it as typed in the text part', () => {
    const email = renderEmail('welcome', { firstName: '<b>Ann</b> & "Co"' }, link);
    expect(email.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(email.html).not.toContain('<b>Ann');
    expect(email.text).toContain('Hi <b>Ann</b> & "Co",');
  });
});

describe('retryDelayMs', () => {
  it('waits 1, 5, 15, then 60 minutes, and the fifth failure is final', () => {
    const minutes = [1, 2, 3, 4, 5].map((n) => retryDelayMs(n) && retryDelayMs(n)! / 60_000);
    expect(minutes).toEqual([1, 5, 15, 60, null]);
    expect(MAX_EMAIL_ATTEMPTS).toBe(5);
  });
});
