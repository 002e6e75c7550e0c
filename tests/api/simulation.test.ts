import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSimulation } from '../../src/shared/responses/common';
import { FAKE_TWILIO_ENV } from '../helpers/fake-twilio';
import { startTestApp, type TestContext } from './helpers/app';

/**
 * GET /api/simulation tells the console, signed in or not, which channels the server only
 * pretends to send on: SMS with SMS_PROVIDER=log, email without SMTP_URL.
 */

const TWILIO = FAKE_TWILIO_ENV;
const SMTP = { SMTP_URL: 'smtp://tidings:secret@mail.example.org:587' };

const cases: { name: string; env: Record<string, string>; expected: ApiSimulation }[] = [
  { name: 'log provider, no SMTP_URL', env: {}, expected: { sms: true, email: true } },
  { name: 'log provider, SMTP_URL', env: SMTP, expected: { sms: true, email: false } },
  { name: 'Twilio, no SMTP_URL', env: TWILIO, expected: { sms: false, email: true } },
  {
    name: 'Twilio and SMTP_URL',
    env: { ...TWILIO, ...SMTP },
    expected: { sms: false, email: false },
  },
];

describe('GET /api/simulation', () => {
  const apps: TestContext[] = [];
  beforeAll(async () => {
    for (const { env } of cases) apps.push(await startTestApp(env));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it.each(cases.map((c, index) => ({ ...c, index })))(
    'with $name answers $expected, without sign-in',
    async ({ index, expected }) => {
      const response = await apps[index]!.app.inject({ method: 'GET', url: '/api/simulation' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );
});
