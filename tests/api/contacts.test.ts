import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, outboundMessages, users } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import {
  bearer,
  createUser,
  loginAs,
  loginRequest,
  startTestApp,
  type TestContext,
} from './helpers/app';

const t = messages.contacts;

let ctx: TestContext;
let admin: { id: string; auth: Record<string, string> };
let host: { id: string; auth: Record<string, string> };

beforeAll(async () => {
  ctx = await startTestApp();
  const a = await createUser(ctx.db, { role: 'admin', firstName: 'Ada' });
  const h = await createUser(ctx.db, { role: 'host', firstName: 'Hana' });
  admin = { id: a.user.id, auth: bearer(await loginAs(ctx.app, a.user.email, a.password!)) };
  host = { id: h.user.id, auth: bearer(await loginAs(ctx.app, h.user.email, h.password!)) };
});
afterAll(() => ctx.close());

let n = 0;
/** A create payload in the spec's nested shape. */
function contact(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `Contact${n}@Example.org`,
    role: 'participant',
    status: 'active',
    profile: {
      firstName: 'Maria',
      lastName: `Garcia${n}`,
      phone: '(503) 555-0100',
      address: { street: '1 Oak St', city: 'Portland', state: 'OR', zipCode: '97205' },
      bio: 'Met at the spring fair.',
      ...profile,
    },
    emailVerified: false,
    smsVerified: false,
    sendOptinMessage: false,
    sendWelcomeEmail: false,
    ...overrides,
  };
}

const post = (body: unknown, auth = admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/contacts', payload: body as object, headers: auth });
const put = (id: string, body: unknown, auth = admin.auth) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/contacts/${id}`,
    payload: body as object,
    headers: auth,
  });
const row = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('authentication', () => {
  it.each([
    ['GET', '/api/contacts'],
    ['GET', '/api/contacts/export.csv'],
    ['GET', '/api/contacts/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/contacts'],
    ['PUT', '/api/contacts/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/pods'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const response = await ctx.app.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : contact(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/contacts', () => {
  it('creates a participant, stores the phone in E.164 and queues the opt-in SMS', async () => {
    const response = await post(contact({ sendOptinMessage: true }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ optinMessageSent: true, welcomeEmailSent: false });
    expect(body.contact).toMatchObject({
      email: `contact${n}@example.org`,
      role: 'participant',
      fullName: `Maria Garcia${n}`,
      phone: '+15035550100',
      emailVerified: false,
      smsVerified: false,
      lastLogin: null,
      loginCount: 0,
      hasCorruptedEmail: false,
      profile: { firstName: 'Maria', address: { city: 'Portland', country: 'United States' } },
    });
    expect(body.contact._id).toBe(body.contact.id);
    const queued = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, body.contact.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'optin', status: 'queued', toPhone: '+15035550100' });
    expect(queued[0]!.body).toContain('Hi Maria! Reply JOIN');
    expect(queued[0]!.body.length).toBeLessThanOrEqual(160);
  });

  it('creates a host with a password who can sign in once verified', async () => {
    const body = contact({
      role: 'host',
      password: 'hunter22',
      confirmPassword: 'hunter22',
      emailVerified: true,
    });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const created = response.json().contact;
    expect(created).toMatchObject({ role: 'host', emailVerified: true });
    expect(JSON.stringify(response.json())).not.toContain('hunter22');
    expect((await loginRequest(ctx.app, created.email, 'hunter22')).statusCode).toBe(200);
  });

  it('creates an admin with a welcome email queued, and no password', async () => {
    // No password sent: an admin's password is no longer ignored (see the test below).
    const response = await post(contact({ role: 'admin', sendWelcomeEmail: true }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ welcomeEmailSent: true, optinMessageSent: false });
    const id = response.json().contact.id;
    expect((await row(id)).passwordHash).toBeNull();
    const emails = await ctx.db.select().from(outboundEmails).where(eq(outboundEmails.userId, id));
    expect(emails).toEqual([
      expect.objectContaining({
        kind: 'welcome',
        status: 'queued',
        toEmail: response.json().contact.email,
      }),
    ]);
  });

  it('creates an admin with a password who can then sign in, and never echoes it', async () => {
    const response = await post(
      contact({
        role: 'admin',
        password: 'admin-pw-1',
        confirmPassword: 'admin-pw-1',
        emailVerified: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('admin-pw-1');
    const created = response.json().contact;
    expect(created).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await loginRequest(ctx.app, created.email, 'admin-pw-1')).statusCode).toBe(200);
  });

  it('checks an admin password that is given', async () => {
    const response = await post(contact({ role: 'admin', password: 'abc12' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({
      field: 'password',
      message: t.passwordTooShort,
    });
  });

  it('accepts the profile fields flat, as the create form reads them', async () => {
    const { profile, ...rest } = contact();
    const response = await post({
      ...rest,
      ...profile,
      firstName: 'Flat',
      phone: '+44 20 7946 0958',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().contact).toMatchObject({
      profile: { firstName: 'Flat' },
      phone: '+442079460958',
    });
  });

  it('applies the role rules whatever the client sends', async () => {
    const participant = (
      await post(
        contact({
          emailVerified: true,
          password: 'secret-pw',
          smsVerified: true,
          sendWelcomeEmail: true,
        }),
      )
    ).json();
    expect(participant.contact).toMatchObject({ emailVerified: false, smsVerified: true });
    expect(participant.welcomeEmailSent).toBe(false);
    expect((await row(participant.contact.id)).passwordHash).toBeNull();

    const staff = (
      await post(
        contact({ role: 'host', password: 'hunter22', smsVerified: true, sendOptinMessage: true }),
      )
    ).json();
    expect(staff).toMatchObject({ optinMessageSent: false, contact: { smsVerified: false } });
  });

  it('does not send an opt-in to a phone that is already verified', async () => {
    const response = await post(contact({ smsVerified: true, sendOptinMessage: true }));
    expect(response.json().optinMessageSent).toBe(false);
    const queued = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, response.json().contact.id));
    expect(queued).toHaveLength(0);
  });

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    const first = (await post(contact())).json().contact;
    const again = await post(contact({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: serverTexts.contacts.duplicateEmail });
  });

  const invalid: [string, Record<string, unknown>, Record<string, unknown>, string, string][] = [
    ['no email', { email: ' ' }, {}, 'email', t.emailRequired],
    ['a malformed email', { email: 'maria@example' }, {}, 'email', t.emailInvalid],
    ['a host without password', { role: 'host' }, {}, 'password', t.hostPasswordRequired],
    [
      'a host password under 6 characters',
      { role: 'host', password: 'abc12' },
      {},
      'password',
      t.passwordTooShort,
    ],
    [
      'a mismatched confirmation',
      { role: 'host', password: 'abcdef', confirmPassword: 'abcdeg' },
      {},
      'confirmPassword',
      t.passwordsDoNotMatch,
    ],
    ['no first name', {}, { firstName: '' }, 'firstName', t.firstNameRequired],
    ['no last name', {}, { lastName: '  ' }, 'lastName', t.lastNameRequired],
    [
      'an opt-in without phone',
      { sendOptinMessage: true },
      { phone: '' },
      'phone',
      t.phoneRequiredForOptin,
    ],
    ['a phone of 9 digits', {}, { phone: '503-555-010' }, 'phone', t.phoneTooShort],
    ['a phone of 16 digits', {}, { phone: '+1234567890123456' }, 'phone', t.phoneTooLong],
    [
      'email verified and a welcome email',
      { role: 'admin', emailVerified: true, sendWelcomeEmail: true },
      {},
      'sendWelcomeEmail',
      t.verifiedOrWelcome,
    ],
  ];

  it.each(invalid)(
    'refuses %s with the spec message',
    async (_case, overrides, profile, field, message) => {
      const response = await post(contact(overrides, profile));
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    },
  );

  it('refuses an unknown role', async () => {
    const response = await post(contact({ role: 'owner' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('role');
  });
});

describe('PUT /api/contacts/{id}', () => {
  it('updates the nested profile and reports the opt-in', async () => {
    const created = (await post(contact())).json().contact;
    const response = await put(
      created.id,
      contact(
        { email: created.email, sendOptinMessage: true },
        { firstName: 'Marie', phone: '5035550199' },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      optinMessageSent: true,
      contact: { profile: { firstName: 'Marie' }, phone: '+15035550199' },
    });
    expect(response.json()).not.toHaveProperty('welcomeEmailSent');
  });

  it('refuses a second opt-in while one waits, and queues it once', async () => {
    const phone = { phone: '(503) 555-0188' };
    const created = (await post(contact({ sendOptinMessage: true }, phone))).json().contact;
    const again = await put(
      created.id,
      contact({ email: created.email, sendOptinMessage: true }, phone),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toEqual([
      { field: 'sendOptinMessage', message: expect.stringContaining('asked this number') },
    ]);
    const queued = await ctx.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.contactId, created.id));
    expect(queued).toHaveLength(1);
  });

  it('takes away the password and sessions of a host made a participant', async () => {
    const created = (
      await post(contact({ role: 'host', password: 'hunter22', emailVerified: true }))
    ).json().contact;
    const token = await loginAs(ctx.app, created.email, 'hunter22');
    const response = await put(
      created.id,
      contact({ email: created.email, role: 'participant', emailVerified: true }),
    );
    expect(response.json().contact).toMatchObject({ role: 'participant', emailVerified: false });
    expect((await row(created.id)).passwordHash).toBeNull();
    expect(
      (await ctx.app.inject({ url: '/api/auth/verify', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it("sets a host's password on edit: the new one signs in, the old one and its sessions end", async () => {
    const created = (
      await post(contact({ role: 'host', password: 'old-pass-1', emailVerified: true }))
    ).json().contact;
    const oldToken = await loginAs(ctx.app, created.email, 'old-pass-1');
    const response = await put(
      created.id,
      contact({
        email: created.email,
        role: 'host',
        emailVerified: true,
        password: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('new-pass-1');
    expect(
      (await ctx.app.inject({ url: '/api/auth/verify', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    expect((await loginRequest(ctx.app, created.email, 'old-pass-1')).statusCode).toBe(401);
    expect((await loginRequest(ctx.app, created.email, 'new-pass-1')).statusCode).toBe(200);
  });

  it('keeps the password and sessions when the password is left blank on edit', async () => {
    const created = (
      await post(contact({ role: 'host', password: 'keep-pass-1', emailVerified: true }))
    ).json().contact;
    const token = await loginAs(ctx.app, created.email, 'keep-pass-1');
    const response = await put(
      created.id,
      contact({ email: created.email, role: 'host', emailVerified: true, password: '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/auth/verify', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await loginRequest(ctx.app, created.email, 'keep-pass-1')).statusCode).toBe(200);
  });

  it('ends only the other sessions of an admin who sets their own password', async () => {
    const self = await createUser(ctx.db, { role: 'admin' });
    const here = await loginAs(ctx.app, self.user.email, self.password!);
    const elsewhere = await loginAs(ctx.app, self.user.email, self.password!);
    const response = await put(
      self.user.id,
      contact({
        email: self.user.email,
        role: 'admin',
        emailVerified: true,
        password: 'mine-pw-2',
        confirmPassword: 'mine-pw-2',
      }),
      bearer(here),
    );
    expect(response.statusCode).toBe(200);
    const verify = (token: string) =>
      ctx.app.inject({ url: '/api/auth/verify', headers: bearer(token) });
    expect((await verify(here)).statusCode).toBe(200);
    expect((await verify(elsewhere)).statusCode).toBe(401);
  });

  it('resets the phone verification of a participant made a host', async () => {
    const created = (await post(contact({ smsVerified: true }))).json().contact;
    const response = await put(
      created.id,
      contact({ email: created.email, role: 'host', smsVerified: true }),
    );
    expect(response.json().contact).toMatchObject({ role: 'host', smsVerified: false });
  });

  it('refuses an email that another contact has', async () => {
    const a = (await post(contact())).json().contact;
    const b = (await post(contact())).json().contact;
    const response = await put(b.id, contact({ email: a.email }));
    expect(response.statusCode).toBe(409);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await put(id, contact())).statusCode).toBe(404);
      const read = await ctx.app.inject({ url: `/api/contacts/${id}`, headers: admin.auth });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ error: serverTexts.contacts.notFound });
    }
  });

  it('reads one contact as {contact}', async () => {
    const created = (await post(contact())).json().contact;
    const read = await ctx.app.inject({ url: `/api/contacts/${created.id}`, headers: host.auth });
    // One contact also carries the state of its last welcome email (none for this participant).
    expect(read.json()).toEqual({ contact: { ...created, welcomeEmail: null } });
  });
});

describe('who may change whom', () => {
  it('lets a host create and edit participants', async () => {
    const created = await post(contact(), host.auth);
    expect(created.statusCode).toBe(201);
    const id = created.json().contact.id;
    expect(
      (await put(id, contact({ email: created.json().contact.email }), host.auth)).statusCode,
    ).toBe(200);
  });

  it.each(['host', 'admin'])('refuses a host creating a %s', async (role) => {
    const response = await post(contact({ role, password: 'hunter22' }), host.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: t.permissions.staffByAdminsOnly });
  });

  it('refuses a host editing a host or an admin, or making a participant staff', async () => {
    const otherHost = (await post(contact({ role: 'host', password: 'hunter22' }))).json().contact;
    expect(
      (await put(otherHost.id, contact({ email: otherHost.email, role: 'host' }), host.auth))
        .statusCode,
    ).toBe(403);
    expect((await put(admin.id, contact({ role: 'admin' }), host.auth)).statusCode).toBe(403);
    expect((await put(host.id, contact({ role: 'host' }), host.auth)).statusCode).toBe(403);
    const participant = (await post(contact())).json().contact;
    const promote = await put(
      participant.id,
      contact({ email: participant.email, role: 'host' }),
      host.auth,
    );
    expect(promote.statusCode).toBe(403);
    expect((await row(participant.id)).role).toBe('participant');
  });

  it("refuses a host setting an admin's password, and keeps the admin's password", async () => {
    const other = await createUser(ctx.db, { role: 'admin' });
    const response = await put(
      other.user.id,
      contact({
        email: other.user.email,
        role: 'admin',
        emailVerified: true,
        password: 'taken-over-1',
        confirmPassword: 'taken-over-1',
      }),
      host.auth,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: t.permissions.staffByAdminsOnly });
    expect((await loginRequest(ctx.app, other.user.email, 'taken-over-1')).statusCode).toBe(401);
    expect((await loginRequest(ctx.app, other.user.email, other.password!)).statusCode).toBe(200);
  });

  it('lets an admin create and edit hosts and admins', async () => {
    const created = (await post(contact({ role: 'host', password: 'hunter22' }))).json().contact;
    const response = await put(
      created.id,
      contact({ email: created.email, role: 'admin', emailVerified: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().contact.role).toBe('admin');
  });
});

describe('the last admin', () => {
  it('cannot be deactivated, demoted or unverified; with another admin it can', async () => {
    const solo = await startTestApp();
    try {
      const only = await createUser(solo.db, { role: 'admin', firstName: 'Only' });
      const auth = bearer(await loginAs(solo.app, only.user.email, only.password!));
      const self = (changes: Record<string, unknown>) =>
        solo.app.inject({
          method: 'PUT',
          url: `/api/contacts/${only.user.id}`,
          headers: auth,
          payload: contact({
            email: only.user.email,
            role: 'admin',
            emailVerified: true,
            ...changes,
          }),
        });
      for (const changes of [{ status: 'inactive' }, { role: 'host' }, { emailVerified: false }]) {
        const response = await self(changes);
        expect(response.statusCode, JSON.stringify(changes)).toBe(403);
        expect(response.json()).toEqual({ error: serverTexts.contacts.permissions.lastAdmin });
      }
      expect((await self({})).statusCode).toBe(200);

      await createUser(solo.db, { role: 'admin' });
      expect((await self({ status: 'inactive' })).statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('counts only admins who can sign in now: one made in the console has no password', async () => {
    const solo = await startTestApp();
    try {
      const only = await createUser(solo.db, { role: 'admin', firstName: 'Only' });
      const auth = bearer(await loginAs(solo.app, only.user.email, only.password!));
      // An admin created in the console gets no password, so cannot sign in; nor can these.
      const created = await solo.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: auth,
        payload: contact({ role: 'admin', emailVerified: true }),
      });
      expect(created.statusCode).toBe(201);
      await createUser(solo.db, { role: 'admin', status: 'inactive' });
      await createUser(solo.db, { role: 'admin', emailVerified: false });

      for (const changes of [
        { status: 'inactive' },
        { role: 'host' },
        { role: 'participant' },
        { emailVerified: false },
      ]) {
        const response = await solo.app.inject({
          method: 'PUT',
          url: `/api/contacts/${only.user.id}`,
          headers: auth,
          payload: contact({
            email: only.user.email,
            role: 'admin',
            emailVerified: true,
            ...changes,
          }),
        });
        expect(response.statusCode, JSON.stringify(changes)).toBe(403);
        expect(response.json()).toEqual({ error: serverTexts.contacts.permissions.lastAdmin });
      }
      expect(await loginAs(solo.app, only.user.email, only.password!)).toBeTruthy();
    } finally {
      await solo.close();
    }
  });
});
