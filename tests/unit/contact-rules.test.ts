import { describe, expect, it } from 'vitest';
import {
  applyRoleRules,
  canSendOptin,
  newContactDraft,
  roleChange,
  type ContactFormValues,
} from '../../src/shared/contact';
import { messages } from '../../src/shared/messages';
import { phoneProblem, toE164 } from '../../src/shared/phone';
import { defaultPodId } from '../../src/shared/pod';
import { contactSchema, toContactPayload } from '../../src/shared/validation/contact';
import { podCreateSchema } from '../../src/shared/validation/pod';
import { csvField } from '../../src/server/services/contacts-csv';

const t = messages.contacts;
const values = (overrides: Partial<ContactFormValues> = {}): ContactFormValues => ({
  ...newContactDraft(),
  email: 'maria@example.org',
  firstName: 'Maria',
  lastName: 'Garcia',
  ...overrides,
});

describe('role changes (spec section 4)', () => {
  const everything = values({
    emailVerified: true,
    smsVerified: true,
    password: 'secret1',
    confirmPassword: 'secret1',
    sendOptinMessage: true,
    sendWelcomeEmail: true,
  });
  const apply = (role: ContactFormValues['role']) => ({ ...everything, ...roleChange(role) });

  it('participant clears emailVerified, the password and its confirmation', () => {
    expect(apply('participant')).toMatchObject({
      role: 'participant',
      emailVerified: false,
      password: '',
      confirmPassword: '',
      smsVerified: true,
      sendOptinMessage: true,
    });
  });

  it('admin clears smsVerified and the password', () => {
    expect(apply('admin')).toMatchObject({
      role: 'admin',
      smsVerified: false,
      password: '',
      emailVerified: true,
      sendOptinMessage: false,
    });
  });

  it('host clears smsVerified and keeps the password', () => {
    expect(apply('host')).toMatchObject({
      role: 'host',
      smsVerified: false,
      password: 'secret1',
      confirmPassword: 'secret1',
      emailVerified: true,
    });
  });
});

describe('on submit', () => {
  it('sends emailVerified only for non-participants and smsVerified only for participants', () => {
    expect(
      applyRoleRules(
        values({ role: 'participant', emailVerified: true, smsVerified: true }),
        'create',
      ),
    ).toMatchObject({ emailVerified: false, smsVerified: true });
    expect(
      applyRoleRules(values({ role: 'host', emailVerified: true, smsVerified: true }), 'create'),
    ).toMatchObject({ emailVerified: true, smsVerified: false });
  });

  // Admins get a password here too until email verification exists (it was hosts on create only).
  it('keeps a password for hosts and admins, on create and edit, never for participants', () => {
    for (const mode of ['create', 'edit'] as const) {
      for (const role of ['host', 'admin'] as const) {
        expect(
          applyRoleRules(values({ role, password: 'pw1234', confirmPassword: 'pw1234' }), mode),
        ).toMatchObject({ password: 'pw1234', confirmPassword: 'pw1234' });
      }
      expect(
        applyRoleRules(values({ role: 'participant', password: 'pw1234' }), mode).password,
      ).toBe('');
    }
  });

  it('sends a welcome email only for a new non-participant', () => {
    expect(
      applyRoleRules(values({ role: 'admin', sendWelcomeEmail: true }), 'create').sendWelcomeEmail,
    ).toBe(true);
    expect(
      applyRoleRules(values({ role: 'admin', sendWelcomeEmail: true }), 'edit').sendWelcomeEmail,
    ).toBe(false);
    expect(
      applyRoleRules(values({ role: 'participant', sendWelcomeEmail: true }), 'create')
        .sendWelcomeEmail,
    ).toBe(false);
  });
});

describe('the opt-in checkbox', () => {
  it('is for participants with a phone that is not verified', () => {
    expect(canSendOptin(values({ role: 'participant', phone: '5035550100' }))).toBe(true);
    expect(canSendOptin(values({ role: 'participant', phone: '  ' }))).toBe(false);
    expect(
      canSendOptin(values({ role: 'participant', phone: '5035550100', smsVerified: true })),
    ).toBe(false);
    expect(canSendOptin(values({ role: 'host', phone: '5035550100' }))).toBe(false);
  });
});

describe('contact validation', () => {
  const issues = (input: unknown, mode: 'create' | 'edit' = 'create') => {
    const result = contactSchema(mode).safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it.each([
    [{ email: '' }, 'email', t.emailRequired],
    [{ email: 'maria@example' }, 'email', t.emailInvalid],
    [{ email: 'maria example.org' }, 'email', t.emailInvalid],
    [{ firstName: ' ' }, 'firstName', t.firstNameRequired],
    [{ lastName: '' }, 'lastName', t.lastNameRequired],
    [{ role: 'host' as const }, 'password', t.hostPasswordRequired],
    [
      { role: 'host' as const, password: '12345', confirmPassword: '12345' },
      'password',
      t.passwordTooShort,
    ],
    [
      { role: 'host' as const, password: '123456', confirmPassword: '123457' },
      'confirmPassword',
      t.passwordsDoNotMatch,
    ],
    [{ sendOptinMessage: true }, 'phone', t.phoneRequiredForOptin],
    [{ phone: '123456789' }, 'phone', t.phoneTooShort],
    [{ phone: '1234567890123456' }, 'phone', t.phoneTooLong],
    [
      { role: 'admin' as const, emailVerified: true, sendWelcomeEmail: true },
      'sendWelcomeEmail',
      t.verifiedOrWelcome,
    ],
  ])('%o: %s says %s', (overrides, field, message) => {
    expect(issues(values(overrides))).toContainEqual([field, message]);
  });

  it('needs no host password on edit', () => {
    expect(issues(values({ role: 'host' }), 'edit')).toEqual([]);
  });

  it.each([
    ['admin', 'create'],
    ['admin', 'edit'],
    ['host', 'edit'],
  ] as const)('takes no password for role %s on %s, and checks one that is given', (role, mode) => {
    expect(issues(values({ role }), mode)).toEqual([]);
    expect(issues(values({ role, password: 'abc12', confirmPassword: 'abc12' }), mode)).toEqual([
      ['password', t.passwordTooShort],
    ]);
    expect(issues(values({ role, password: 'abc123', confirmPassword: 'abc124' }), mode)).toEqual([
      ['confirmPassword', t.passwordsDoNotMatch],
    ]);
    expect(
      contactSchema(mode).parse(values({ role, password: 'abc123', confirmPassword: 'abc123' })),
    ).toMatchObject({ password: 'abc123' });
  });

  it('never takes a password for a participant', () => {
    for (const mode of ['create', 'edit'] as const) {
      expect(
        contactSchema(mode).parse(values({ password: 'abc1', confirmPassword: 'x' })),
      ).toMatchObject({ role: 'participant', password: null });
    }
  });

  it('outputs a lower-cased email and an E.164 phone', () => {
    const parsed = contactSchema('create').parse(
      values({ email: ' Maria@Example.ORG ', phone: '(503) 555-0100' }),
    );
    expect(parsed).toMatchObject({
      email: 'maria@example.org',
      phone: '+15035550100',
      password: null,
    });
  });

  it('round-trips the console payload', () => {
    const form = values({
      role: 'host',
      password: 'secret1',
      confirmPassword: 'secret1',
      phone: '5035550100',
      bio: 'Notes',
    });
    const payload = toContactPayload(form, 'create');
    expect(payload).toMatchObject({
      password: 'secret1',
      profile: { firstName: 'Maria', phone: '5035550100', bio: 'Notes' },
      sendWelcomeEmail: false,
    });
    expect(contactSchema('create').parse(payload)).toMatchObject({
      firstName: 'Maria',
      role: 'host',
      password: 'secret1',
    });
    expect(toContactPayload(form, 'edit')).not.toHaveProperty('sendWelcomeEmail');
  });

  it('sends a password on edit only when one is typed: blank keeps the current one', () => {
    const host = values({ role: 'host', password: 'secret1', confirmPassword: 'secret1' });
    expect(toContactPayload(host, 'edit')).toMatchObject({
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(
      toContactPayload({ ...host, password: '', confirmPassword: '' }, 'edit'),
    ).not.toHaveProperty('password');
    expect(toContactPayload(values({ role: 'admin' }), 'create')).not.toHaveProperty('password');
    expect(
      toContactPayload(values({ role: 'admin', password: 'secret1' }), 'create'),
    ).toMatchObject({ password: 'secret1' });
  });
});

describe('phones', () => {
  it('count digits only: 10 to 15, then must be valid numbers', () => {
    expect(phoneProblem('(503) 555-0100')).toBeNull();
    expect(phoneProblem('+1 (503) 555-010')).toBe(t.phoneInvalid);
    expect(phoneProblem('555-0100')).toBe(t.phoneTooShort);
    expect(phoneProblem('+12345678901234')).toBe(t.phoneInvalid);
    expect(phoneProblem('+123456789012345 6')).toBe(t.phoneTooLong);
  });

  it('are stored in E.164, US by default', () => {
    expect(toE164('(503) 555-0100')).toBe('+15035550100');
    expect(toE164('1-503-555-0100')).toBe('+15035550100');
    expect(toE164('+44 (0)20 7946 0958')).toBe('+442079460958');
    expect(toE164('0044 7911 123456')).toBe('+447911123456');
    expect(toE164('5035550100')).toBe('+15035550100');
  });

  it('refuse a number that is not valid on create, and a new one on edit', () => {
    const phoneIssues = (phone: string, mode: 'create' | 'edit', stored?: string | null) =>
      contactSchema(mode, stored)
        .safeParse(values({ phone }))
        .error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(phoneIssues('+1 503 555 010', 'create')).toEqual([['phone', t.phoneInvalid]]);
    expect(phoneIssues('+1 503 555 010', 'edit', '+15035550100')).toEqual([
      ['phone', t.phoneInvalid],
    ]);
    expect(phoneIssues('+1 503 555 010', 'edit', null)).toEqual([['phone', t.phoneInvalid]]);
  });

  it('keep a stored number that is not valid when it is left as it is, unless asked to opt in', () => {
    const stored = '+1503555010';
    expect(contactSchema('edit', stored).parse(values({ phone: stored }))).toMatchObject({
      phone: stored,
    });
    expect(
      contactSchema('edit', stored).safeParse(values({ phone: stored, sendOptinMessage: true }))
        .error?.issues[0]?.message,
    ).toBe(t.phoneInvalid);
    // The digit counts of the spec hold for every save.
    expect(
      contactSchema('edit', '+150355501').safeParse(values({ phone: '+150355501' })).error
        ?.issues[0]?.message,
    ).toBe(t.phoneTooShort);
  });
});

describe('pods', () => {
  it('default to POD-YYYYMMDD-HHMMSS in Los Angeles time', () => {
    expect(defaultPodId(new Date('2026-03-14T16:05:09Z'))).toBe('POD-20260314-090509');
    // 07:30 UTC on 1 January is still 31 December in Los Angeles.
    expect(defaultPodId(new Date('2026-01-01T07:30:00Z'))).toBe('POD-20251231-233000');
    // Summer time: UTC-7.
    expect(defaultPodId(new Date('2026-07-04T19:00:00Z'))).toBe('POD-20260704-120000');
  });

  it('need both an id and a name, trimmed, and at least one contact', () => {
    const issues = (input: unknown) =>
      podCreateSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(
      issues({
        podId: ' ',
        podName: 'A',
        members: [{ userId: '00000000-0000-4000-8000-000000000000' }],
      }),
    ).toEqual([messages.pods.idAndNameRequired]);
    expect(issues({ podId: 'A', podName: 'B', members: [] })).toEqual([
      messages.pods.selectAtLeastOne,
    ]);
  });
});

describe('csvField', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('leaves an E.164 phone number as it is, quoted, so the + is kept and nothing is added', () => {
    expect(csvField('+15035550100')).toBe('"+15035550100"');
    expect(csvField('+447911123456')).toBe('"+447911123456"');
    // Anything more than the number is text like any other.
    expect(csvField('+1503555010=0')).toBe("'+1503555010=0");
    expect(csvField('+1 503 555 0100')).toBe("'+1 503 555 0100");
  });

  it('defuses a formula wherever a cell could start one', () => {
    expect(['=cmd', '+cmd', '-cmd', '@cmd', '\tcmd', '\rcmd'].map(csvField)).toEqual([
      "'=cmd",
      "'+cmd",
      "'-cmd",
      "'@cmd",
      "'\tcmd",
      `"'\rcmd"`,
    ]);
    // After leading spaces, which spreadsheets trim.
    expect(csvField('  =1+1')).toBe("  '=1+1");
    // After a character a spreadsheet may split cells on, spaces or not.
    expect(csvField('Doe,=1+1')).toBe(`"Doe,'=1+1"`);
    expect(csvField('Doe, @SUM(A1)')).toBe(`"Doe, '@SUM(A1)"`);
    expect(csvField('Doe;-2+3')).toBe("Doe;'-2+3");
    expect(csvField('Doe|+2')).toBe("Doe|'+2");
    expect(csvField('Doe\t=2')).toBe("Doe\t'=2");
    expect(csvField('Doe\n=2')).toBe(`"Doe\n'=2"`);
    expect(csvField('Doe\r\n=2')).toBe(`"Doe\r\n'=2"`);
    // A tab that starts a cell is defused, and so is what follows it.
    expect(csvField('\t=2')).toBe("'\t'=2");
  });

  it('keeps ordinary text with hyphens readable', () => {
    expect(csvField('Portland - OR')).toBe('Portland - OR');
    expect(csvField('Mary-Jane')).toBe('Mary-Jane');
    expect(csvField('Smith-Jones, Jr.')).toBe('"Smith-Jones, Jr."');
    expect(csvField('a.b-c@example.org')).toBe('a.b-c@example.org');
    expect(csvField('2024-05-01T10:00:00.000Z')).toBe('2024-05-01T10:00:00.000Z');
  });
});
