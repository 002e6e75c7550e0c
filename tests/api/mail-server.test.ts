import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEXTS } from '../../src/server/mail/texts';
import { startServer, type RunningServer } from '../helpers/server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

/** The mail worker runs in the real server process: started with it, stopped with it. */

const ADMIN = { ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'boss-pass-1' };

async function createHostWithWelcomeEmail(server: RunningServer, email: string) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const started = performance.now();
  const response = await fetch(`${server.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      email,
      role: 'host',
      status: 'active',
      profile: { firstName: 'Hana', lastName: 'Host' },
      emailVerified: false,
      smsVerified: false,
      sendOptinMessage: false,
      sendWelcomeEmail: true,
      password: 'hunter22',
      confirmPassword: 'hunter22',
    }),
  });
  expect(response.status).toBe(201);
  return performance.now() - started;
}

describe('with SMTP_URL', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ ...ADMIN, SMTP_URL: smtp.url, LOG_LEVEL: 'fatal' });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('sends the welcome email soon after the contact is created, and stops cleanly', async () => {
    expect(server.output()).toContain('Emails are sent through SMTP at smtp://tester:***@');
    expect(server.output()).not.toContain('t3st-pass');
    await createHostWithWelcomeEmail(server, 'new-host@example.org');
    const [email] = await smtp.waitFor(1, 5_000);
    expect(email!.envelopeTo).toEqual(['new-host@example.org']);
    expect(email!.subject).toBe(EMAIL_TEXTS.welcome.subject);
    expect(await server.stop()).toBe(0);
  });
});

describe('without SMTP_URL', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...ADMIN, LOG_LEVEL: 'info' });
  });
  afterAll(() => server.stop());

  it('logs the email with its link instead of sending it', async () => {
    // Printed just after the line the start waits for: it may still be on its way.
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('SMTP_URL is not set');
    await createHostWithWelcomeEmail(server, 'logged-host@example.org');
    await expect
      .poll(() => server.output(), { timeout: 5_000 })
      .toMatch(/"to":"logged-host@example.org".*"link":"http:\/\/[^"]+\/verify-email\?token=/);
  });
});
