import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../src/admin/providers/session';
import { LIMITS, type Role } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { renderContacts } from './conversation-helpers';
import { apiUser, fakeApi, jsonResponse, signIn, STORED_TOKEN } from './helpers';
import { serverTexts } from '../../src/server/texts';
import type { ApiUser } from '../../src/shared/responses/users';
import { bioBox, loadBioEditor, typeBio } from './bio-helpers';

const t = messages.contacts;

beforeAll(loadBioEditor, 60_000);
const path = () => screen.getByTestId('path').textContent;

type Routes = Parameters<typeof fakeApi>[0];
type Api = ReturnType<typeof fakeApi>;

/** The contact form at `at` ('/contacts/create', '/contacts/c1'), signed in, the API answering `routes`. */
function openForm(at: string, routes: Routes = {}): Api {
  const api = signIn({
    // The edit page's conversation and consent log: empty; no Simulate reply (Twilio).
    'GET /api/contacts/c1/conversation': () => jsonResponse(200, { entries: [], hasMore: false }),
    'GET /api/contacts/c1/consent': () => jsonResponse(200, { events: [] }),
    'GET /api/sms': () => jsonResponse(200, { provider: 'twilio', simulateReplies: false }),
    ...routes,
  });
  renderContacts(at);
  return api;
}

async function openCreate(routes: Routes = {}) {
  const api = openForm('/contacts/create', routes);
  await screen.findByRole('heading', { name: t.createTitle });
  return api;
}

/** The JSON bodies the console sent with `method` to `pathname`. */
const sent = (api: Api, method: string, pathname: string) =>
  api.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), 'http://localhost').pathname === pathname,
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by its label; a required field's label ends with an asterisk. */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}(\\s*\\*)?$`));
const queryInput = (label: string) =>
  screen.queryByLabelText(new RegExp(`^${escape(label)}(\\s*\\*)?$`));
const checkbox = (label: string) => screen.getByRole('checkbox', { name: label });
const queryCheckbox = (label: string) => screen.queryByRole('checkbox', { name: label });
const select = (label: string) => screen.getByRole('combobox', { name: label });

/** Sets a field's value as a paste would (fast, and the same events for react-hook-form). */
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

async function chooseRole(role: Role) {
  fireEvent.mouseDown(select(t.fields.role));
  fireEvent.click(await screen.findByRole('option', { name: t.roles[role] }));
  await waitFor(() => expect(select(t.fields.role)).toHaveTextContent(t.roles[role]));
}

const submit = (name: string = t.create) => fireEvent.click(screen.getByRole('button', { name }));

function fillNames(first = 'Grace', last = 'Hopper', email = 'grace@example.org') {
  type(t.fields.firstName, first);
  type(t.fields.lastName, last);
  type(t.fields.email, email);
}

const stored = (overrides: Partial<ApiUser> = {}) =>
  apiUser({
    _id: 'c1',
    id: 'c1',
    firstName: 'Grace',
    fullName: 'Grace Hopper',
    email: 'grace@example.org',
    role: 'participant',
    emailVerified: false,
    ...overrides,
    profile: {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+14155550123',
      address: {
        street: '1 Harbor Way',
        city: 'Arlington',
        state: 'VA',
        zipCode: '22201',
        country: 'Canada',
      },
      bio: 'Prefers mornings.',
      ...overrides.profile,
    },
  });

const created = (contact: ApiUser, flags: { optin?: boolean; welcome?: boolean } = {}) =>
  jsonResponse(201, {
    contact,
    optinMessageSent: Boolean(flags.optin),
    welcomeEmailSent: Boolean(flags.welcome),
  });

describe('create contact: the form by role', () => {
  it('starts as an active participant in the United States, with the phone format hint', async () => {
    await openCreate();
    expect(select(t.fields.role)).toHaveTextContent(t.roles.participant);
    expect(select(t.fields.status)).toHaveTextContent(t.statuses.active);
    expect(input(t.fields.country)).toHaveValue('United States');
    expect(input(t.fields.phone)).toHaveAccessibleDescription(t.phoneHint);
    expect(checkbox(t.fields.smsVerified)).toHaveAccessibleDescription(t.smsVerifiedHelp);
    expect(checkbox(t.fields.sendOptinMessage)).toBeInTheDocument();
    expect(queryCheckbox(t.fields.emailVerified)).not.toBeInTheDocument();
    expect(queryCheckbox(t.fields.sendWelcomeEmail)).not.toBeInTheDocument();
    expect(queryInput(t.fields.password)).not.toBeInTheDocument();
    // The bio is a multi-line field: the rich-text editor (issue 14) rather than a textarea.
    expect(await bioBox()).toHaveAttribute('aria-multiline', 'true');
  });

  it('shows the password fields, email verification and welcome email for a host', async () => {
    await openCreate();
    await chooseRole('host');
    expect(input(t.fields.password)).toHaveAttribute('type', 'password');
    expect(input(t.fields.confirmPassword)).toHaveAttribute('type', 'password');
    expect(checkbox(t.fields.emailVerified)).toHaveAccessibleDescription(t.emailVerifiedHelp);
    expect(checkbox(t.fields.sendWelcomeEmail)).toBeInTheDocument();
    expect(queryCheckbox(t.fields.smsVerified)).not.toBeInTheDocument();
    expect(queryCheckbox(t.fields.sendOptinMessage)).not.toBeInTheDocument();
  });

  // Admins used to get no password field; until email verification exists, this is how they get one.
  it('gives an admin email verification, the welcome email and an optional password', async () => {
    await openCreate();
    await chooseRole('admin');
    expect(checkbox(t.fields.emailVerified)).toBeInTheDocument();
    expect(checkbox(t.fields.sendWelcomeEmail)).toBeInTheDocument();
    expect(input(t.fields.password)).toHaveAttribute('type', 'password');
    expect(input(t.fields.password)).not.toBeRequired();
    expect(input(t.fields.password)).toHaveAccessibleDescription(
      t.passwordHelp.adminCreate.replace('%{min}', String(LIMITS.passwordMin)),
    );
    expect(input(t.fields.confirmPassword)).toHaveAttribute('type', 'password');
    expect(queryCheckbox(t.fields.smsVerified)).not.toBeInTheDocument();
  });

  it('requires the password of a new host and says what it is for', async () => {
    await openCreate();
    await chooseRole('host');
    expect(input(t.fields.password)).toBeRequired();
    expect(input(t.fields.password)).toHaveAccessibleDescription(
      t.passwordHelp.hostCreate.replace('%{min}', String(LIMITS.passwordMin)),
    );
  });

  it('clears a checked emailVerified when the role becomes participant', async () => {
    await openCreate();
    await chooseRole('host');
    fireEvent.click(checkbox(t.fields.emailVerified));
    expect(checkbox(t.fields.emailVerified)).toBeChecked();
    await chooseRole('participant');
    await chooseRole('host');
    expect(checkbox(t.fields.emailVerified)).not.toBeChecked();
  });

  it.each<Role>(['host', 'admin'])(
    'clears a checked smsVerified when the role becomes %s',
    async (role) => {
      await openCreate();
      fireEvent.click(checkbox(t.fields.smsVerified));
      expect(checkbox(t.fields.smsVerified)).toBeChecked();
      await chooseRole(role);
      await chooseRole('participant');
      expect(checkbox(t.fields.smsVerified)).not.toBeChecked();
    },
  );

  it('clears the password and confirmation when the role becomes participant', async () => {
    await openCreate();
    await chooseRole('host');
    type(t.fields.password, 'secret1');
    type(t.fields.confirmPassword, 'secret1');
    await chooseRole('participant');
    expect(queryInput(t.fields.password)).not.toBeInTheDocument();
    await chooseRole('host');
    expect(input(t.fields.password)).toHaveValue('');
    expect(input(t.fields.confirmPassword)).toHaveValue('');
  });

  // Choosing admin still clears what was typed (spec section 4); the fields now stay in view.
  it('clears the password and confirmation when the role becomes admin', async () => {
    await openCreate();
    await chooseRole('host');
    type(t.fields.password, 'secret1');
    type(t.fields.confirmPassword, 'secret1');
    await chooseRole('admin');
    expect(input(t.fields.password)).toHaveValue('');
    expect(input(t.fields.confirmPassword)).toHaveValue('');
  });

  it('keeps a host password when the host stays a host', async () => {
    await openCreate();
    await chooseRole('host');
    type(t.fields.password, 'secret1');
    await chooseRole('host');
    expect(input(t.fields.password)).toHaveValue('secret1');
  });
});

describe('create contact: checkboxes', () => {
  it('lets either emailVerified or the welcome email be checked, not both', async () => {
    await openCreate();
    await chooseRole('admin');
    fireEvent.click(checkbox(t.fields.emailVerified));
    fireEvent.click(checkbox(t.fields.sendWelcomeEmail));
    expect(checkbox(t.fields.sendWelcomeEmail)).toBeChecked();
    expect(checkbox(t.fields.emailVerified)).not.toBeChecked();
    fireEvent.click(checkbox(t.fields.emailVerified));
    expect(checkbox(t.fields.emailVerified)).toBeChecked();
    expect(checkbox(t.fields.sendWelcomeEmail)).not.toBeChecked();
  });

  it('disables the opt-in without a phone number and once the phone is verified', async () => {
    await openCreate();
    const optin = () => checkbox(t.fields.sendOptinMessage);
    expect(optin()).toBeDisabled();
    expect(optin()).toHaveAccessibleDescription(t.optinDisabledHelp);

    type(t.fields.phone, '+1 415 555 0123');
    expect(optin()).toBeEnabled();
    expect(optin()).toHaveAccessibleDescription(t.optinHelp);
    fireEvent.click(optin());
    expect(optin()).toBeChecked();

    fireEvent.click(checkbox(t.fields.smsVerified));
    expect(optin()).not.toBeChecked();
    expect(optin()).toBeDisabled();
  });
});

describe('create contact: validation', () => {
  it('shows the required-field messages next to their fields and sends nothing', async () => {
    const api = await openCreate();
    submit();
    await waitFor(() => expect(input(t.fields.email)).toHaveAccessibleDescription(t.emailRequired));
    expect(input(t.fields.firstName)).toHaveAccessibleDescription(t.firstNameRequired);
    expect(input(t.fields.lastName)).toHaveAccessibleDescription(t.lastNameRequired);
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);

    type(t.fields.firstName, 'Grace');
    await waitFor(() =>
      expect(input(t.fields.firstName)).not.toHaveAccessibleDescription(t.firstNameRequired),
    );
  });

  it('refuses an email that is not of the form x@y.z', async () => {
    const api = await openCreate();
    fillNames('Grace', 'Hopper', 'grace@example');
    submit();
    await waitFor(() => expect(input(t.fields.email)).toHaveAccessibleDescription(t.emailInvalid));
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
  });

  it("checks a new host's password: required, 6 characters, confirmed", async () => {
    const api = await openCreate();
    fillNames();
    await chooseRole('host');
    submit();
    await waitFor(() =>
      expect(input(t.fields.password)).toHaveAccessibleDescription(t.hostPasswordRequired),
    );
    type(t.fields.password, 'abc12');
    await waitFor(() =>
      expect(input(t.fields.password)).toHaveAccessibleDescription(t.passwordTooShort),
    );
    type(t.fields.password, 'abc123');
    type(t.fields.confirmPassword, 'abc124');
    await waitFor(() =>
      expect(input(t.fields.confirmPassword)).toHaveAccessibleDescription(t.passwordsDoNotMatch),
    );
    expect(input(t.fields.password)).not.toHaveAccessibleDescription(t.passwordTooShort);
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
  });

  it("checks an admin's password only when one is typed", async () => {
    const api = await openCreate();
    fillNames();
    await chooseRole('admin');
    type(t.fields.password, 'abc12');
    submit();
    await waitFor(() =>
      expect(input(t.fields.password)).toHaveAccessibleDescription(t.passwordTooShort),
    );
    type(t.fields.password, 'abc123');
    type(t.fields.confirmPassword, 'abc124');
    await waitFor(() =>
      expect(input(t.fields.confirmPassword)).toHaveAccessibleDescription(t.passwordsDoNotMatch),
    );
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
  });

  it('forgets password errors when the role no longer has a password', async () => {
    const api = await openCreate({ 'POST /api/contacts': () => created(stored()) });
    fillNames();
    await chooseRole('host');
    submit();
    await waitFor(() =>
      expect(input(t.fields.password)).toHaveAccessibleDescription(t.hostPasswordRequired),
    );
    await chooseRole('admin');
    submit();
    await waitFor(() => expect(sent(api, 'POST', '/api/contacts')).toHaveLength(1));
  });

  it.each([
    ['12345 6789', t.phoneTooShort],
    ['+1 (415) 555-0123 45678', t.phoneTooLong],
  ])('refuses the phone %s, counting digits only', async (phone, text) => {
    const api = await openCreate();
    fillNames();
    type(t.fields.phone, phone);
    submit();
    await waitFor(() => expect(input(t.fields.phone)).toHaveAccessibleDescription(text));
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
  });

  it('refuses a phone number that is not valid, with its digits counted right', async () => {
    const api = await openCreate();
    fillNames();
    type(t.fields.phone, '07911 123456');
    submit();
    await waitFor(() => expect(input(t.fields.phone)).toHaveAccessibleDescription(t.phoneInvalid));
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
  });

  it('needs the phone number when the opt-in message is asked for', async () => {
    const api = await openCreate();
    fillNames();
    type(t.fields.phone, '+14155550123');
    fireEvent.click(checkbox(t.fields.sendOptinMessage));
    type(t.fields.phone, '');
    // Still checked, so it stays enabled to be unchecked.
    expect(checkbox(t.fields.sendOptinMessage)).toBeEnabled();
    submit();
    await waitFor(() =>
      expect(input(t.fields.phone)).toHaveAccessibleDescription(t.phoneRequiredForOptin),
    );
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
    fireEvent.click(checkbox(t.fields.sendOptinMessage));
    expect(checkbox(t.fields.sendOptinMessage)).toBeDisabled();
  });
});

describe('create contact: submit', () => {
  it('sends a participant nested under profile, with the opt-in, and says it was queued', async () => {
    const api = await openCreate({
      'POST /api/contacts': () => created(stored(), { optin: true }),
    });
    fillNames(' Grace ', 'Hopper', 'grace@example.org');
    type(t.fields.phone, '+1 415 555 0123');
    type(t.fields.street, '1 Harbor Way');
    type(t.fields.city, 'Arlington');
    type(t.fields.state, 'VA');
    type(t.fields.zipCode, '22201');
    await typeBio('Prefers mornings.');
    fireEvent.click(checkbox(t.fields.sendOptinMessage));
    submit();
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sent(api, 'POST', '/api/contacts')).toEqual([
      {
        email: 'grace@example.org',
        profile: {
          firstName: ' Grace ',
          lastName: 'Hopper',
          phone: '+1 415 555 0123',
          address: {
            street: '1 Harbor Way',
            city: 'Arlington',
            state: 'VA',
            zipCode: '22201',
            country: 'United States',
          },
          bio: 'Prefers mornings.',
        },
        role: 'participant',
        status: 'active',
        emailVerified: false,
        smsVerified: false,
        sendOptinMessage: true,
        sendWelcomeEmail: false,
      },
    ]);
    expect(
      await screen.findByText(
        'Contact Grace Hopper created successfully! Opt-in message has been queued.',
      ),
    ).toBeInTheDocument();
  });

  it('sends the password only for a new host, with the welcome email', async () => {
    const host = stored({ role: 'host' });
    const api = await openCreate({
      'POST /api/contacts': () => created(host, { welcome: true }),
    });
    fillNames();
    await chooseRole('host');
    type(t.fields.password, 'abc123');
    type(t.fields.confirmPassword, 'abc123');
    fireEvent.click(checkbox(t.fields.sendWelcomeEmail));
    submit();
    await waitFor(() => expect(path()).toBe('/contacts'));
    const [body] = sent(api, 'POST', '/api/contacts');
    expect(body).toMatchObject({
      role: 'host',
      password: 'abc123',
      confirmPassword: 'abc123',
      emailVerified: false,
      smsVerified: false,
      sendOptinMessage: false,
      sendWelcomeEmail: true,
    });
    const [, init] = api.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
    expect(
      await screen.findByText(
        'Contact Grace Hopper created successfully! Welcome email has been queued.',
      ),
    ).toBeInTheDocument();
  });

  it('sends an admin with the email verified and no password', async () => {
    const api = await openCreate({
      'POST /api/contacts': () => created(stored({ role: 'admin' })),
    });
    fillNames();
    await chooseRole('host');
    type(t.fields.password, 'abc123');
    await chooseRole('admin');
    fireEvent.click(checkbox(t.fields.emailVerified));
    submit();
    await waitFor(() => expect(path()).toBe('/contacts'));
    const [body] = sent(api, 'POST', '/api/contacts');
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({
      role: 'admin',
      emailVerified: true,
      smsVerified: false,
      sendWelcomeEmail: false,
    });
    // The whole text: no sentence about a message the server did not send.
    expect(
      await screen.findByText('Contact Grace Hopper created successfully!'),
    ).toBeInTheDocument();
  });

  it('sends the password typed for a new admin', async () => {
    const api = await openCreate({
      'POST /api/contacts': () => created(stored({ role: 'admin' })),
    });
    fillNames();
    await chooseRole('admin');
    type(t.fields.password, 'admin-pw');
    type(t.fields.confirmPassword, 'admin-pw');
    fireEvent.click(checkbox(t.fields.emailVerified));
    submit();
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sent(api, 'POST', '/api/contacts')[0]).toMatchObject({
      role: 'admin',
      password: 'admin-pw',
      confirmPassword: 'admin-pw',
      emailVerified: true,
    });
  });

  it("shows the server's refusal in a dismissible banner and stays on the form", async () => {
    await openCreate({
      'POST /api/contacts': () => jsonResponse(409, { error: serverTexts.contacts.duplicateEmail }),
    });
    fillNames();
    submit();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(serverTexts.contacts.duplicateEmail);
    expect(path()).toBe('/contacts/create');
    expect(input(t.fields.firstName)).toHaveValue('Grace');
    fireEvent.click(within(banner).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("puts the server's validation details next to their fields", async () => {
    await openCreate({
      'POST /api/contacts': () =>
        jsonResponse(400, {
          error: 'Zip code is too long',
          details: [{ field: 'address.zipCode', message: 'Zip code is too long' }],
        }),
    });
    fillNames();
    submit();
    await waitFor(() =>
      expect(input(t.fields.zipCode)).toHaveAccessibleDescription('Zip code is too long'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Zip code is too long');
  });

  it('shows why an opt-in request cannot go next to its box, and keeps what was typed', async () => {
    const refusal = formatMessage(serverTexts.contacts.optinRefused.optedOut, {
      date: 'Nov 20, 2026',
    });
    await openCreate({
      'POST /api/contacts': () =>
        jsonResponse(400, {
          error: refusal,
          details: [{ field: 'sendOptinMessage', message: refusal }],
        }),
    });
    fillNames();
    type(t.fields.phone, '+15035550166');
    fireEvent.click(checkbox(t.fields.sendOptinMessage));
    submit();
    await waitFor(() =>
      expect(checkbox(t.fields.sendOptinMessage)).toHaveAccessibleDescription(refusal),
    );
    expect(path()).toBe('/contacts/create');
    expect(input(t.fields.phone)).toHaveValue('+15035550166');
  });

  it('says when the hourly limit of opt-in requests is reached, and keeps what was typed', async () => {
    const limit = formatMessage(serverTexts.contacts.optinRefused.limit, { max: 100, minutes: 42 });
    await openCreate({
      'POST /api/contacts': () =>
        jsonResponse(429, { error: limit }, { 'retry-after': String(42 * 60) }),
    });
    fillNames();
    type(t.fields.phone, '+15035550167');
    fireEvent.click(checkbox(t.fields.sendOptinMessage));
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(path()).toBe('/contacts/create');
    expect(input(t.fields.firstName)).toHaveValue('Grace');
  });

  it('says so when the number saved had opted out, so the contact is opted out too', async () => {
    await openCreate({
      'POST /api/contacts': () =>
        jsonResponse(201, {
          contact: stored({ smsOptedOutAt: '2026-11-26T18:00:00.000Z' }),
          optinMessageSent: false,
          welcomeEmailSent: false,
          phoneOptedOut: true,
        }),
    });
    fillNames();
    submit();
    expect(
      await screen.findByText(`Contact Grace Hopper created successfully!${t.phoneOptedOut}`),
    ).toBeInTheDocument();
  });

  it.each([
    ['the server gives no text', () => jsonResponse(500, {}), t.errors.create],
    [
      'no answer comes',
      () => Promise.reject(new TypeError('Failed to fetch')),
      t.errors.networkSubmit,
    ],
  ])('falls back to the spec text when %s', async (_case, answer, text) => {
    await openCreate({ 'POST /api/contacts': answer });
    fillNames();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(path()).toBe('/contacts/create');
  });

  it('asks to sign in again when the token is gone, without calling the API', async () => {
    const api = await openCreate();
    fillNames();
    session.clear();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.noTokenSubmit);
    expect(sent(api, 'POST', '/api/contacts')).toEqual([]);
  });

  it('signs out on a 401, with no success text', async () => {
    await openCreate({
      'POST /api/contacts': () => jsonResponse(401, { error: messages.auth.sessionInvalid }),
    });
    fillNames();
    submit();
    await waitFor(() => expect(path()).toBe('/login'));
    expect(session.getToken()).toBeNull();
    expect(screen.queryByText(/created successfully/)).not.toBeInTheDocument();
  });

  it('goes back to the list on Cancel', async () => {
    await openCreate();
    fireEvent.click(screen.getByRole('link', { name: messages.app.cancel }));
    await waitFor(() => expect(path()).toBe('/contacts'));
  });
});

describe('edit contact', () => {
  it("shows 'Loading contact...', then the stored values", async () => {
    let answer: (() => void) | undefined;
    const host = stored({ role: 'host', status: 'inactive', emailVerified: true });
    openForm('/contacts/c1', {
      'GET /api/contacts/c1': () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonResponse(200, { contact: host }));
        }),
    });
    expect(await screen.findByText(t.loading)).toBeInTheDocument();
    // The loading text can show before the request is made (the form's chunk is still loading).
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer?.();
    expect(await screen.findByRole('heading', { name: t.editTitle })).toBeInTheDocument();
    expect(input(t.fields.firstName)).toHaveValue('Grace');
    expect(input(t.fields.lastName)).toHaveValue('Hopper');
    expect(input(t.fields.email)).toHaveValue('grace@example.org');
    expect(input(t.fields.phone)).toHaveValue('+14155550123');
    expect(select(t.fields.role)).toHaveTextContent(t.roles.host);
    expect(select(t.fields.status)).toHaveTextContent(t.statuses.inactive);
    expect(input(t.fields.street)).toHaveValue('1 Harbor Way');
    expect(input(t.fields.city)).toHaveValue('Arlington');
    expect(input(t.fields.state)).toHaveValue('VA');
    expect(input(t.fields.zipCode)).toHaveValue('22201');
    expect(await bioBox()).toHaveTextContent(/^Prefers mornings\.$/);
    expect(checkbox(t.fields.emailVerified)).toBeChecked();
    // The password is never read back: the fields start empty, and blank keeps it.
    expect(input(t.fields.password)).toHaveValue('');
    expect(input(t.fields.password)).not.toBeRequired();
    expect(input(t.fields.password)).toHaveAccessibleDescription(t.passwordHelp.edit);
    expect(queryCheckbox(t.fields.sendWelcomeEmail)).not.toBeInTheDocument();
    expect(queryInput(t.fields.country)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.save })).toBeInTheDocument();
  });

  it.each([
    [
      'the server says why',
      () => jsonResponse(404, { error: serverTexts.contacts.notFound }),
      serverTexts.contacts.notFound,
    ],
    ['the server gives no text', () => jsonResponse(500, {}), t.errors.load],
    ['the request fails', () => Promise.reject(new TypeError('Failed to fetch')), t.errors.network],
  ])("shows the failure to load when %s, with 'Back to Contacts'", async (_case, answer, text) => {
    openForm('/contacts/c1', { 'GET /api/contacts/c1': answer });
    expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: t.back }));
    await waitFor(() => expect(path()).toBe('/contacts'));
  });

  it('sends the edit payload, keeping the stored country, and says the opt-in was queued', async () => {
    const api = openForm('/contacts/c1', {
      'GET /api/contacts/c1': () =>
        jsonResponse(200, { contact: stored({ role: 'admin', emailVerified: true }) }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: stored(), optinMessageSent: true }),
    });
    await screen.findByRole('heading', { name: t.editTitle });
    await chooseRole('participant');
    expect(queryCheckbox(t.fields.emailVerified)).not.toBeInTheDocument();
    fireEvent.click(checkbox(t.fields.sendOptinMessage));
    submit(t.save);
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sent(api, 'PUT', '/api/contacts/c1')).toEqual([
      {
        email: 'grace@example.org',
        profile: {
          firstName: 'Grace',
          lastName: 'Hopper',
          phone: '+14155550123',
          address: {
            street: '1 Harbor Way',
            city: 'Arlington',
            state: 'VA',
            zipCode: '22201',
            country: 'Canada',
          },
          bio: 'Prefers mornings.',
        },
        role: 'participant',
        status: 'active',
        emailVerified: false,
        smsVerified: false,
        sendOptinMessage: true,
      },
    ]);
    expect(
      await screen.findByText(
        'Contact Grace Hopper updated successfully! Opt-in message has been queued.',
      ),
    ).toBeInTheDocument();
  });

  it('says why a stored phone needs attention, keeps it on save, and refuses another invalid one', async () => {
    const flagged = stored({
      phone: '+1503555010',
      phoneNeedsAttention: true,
      profile: { ...stored().profile, phone: '+1503555010' },
    });
    const api = openForm('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: flagged }),
      'PUT /api/contacts/c1': () => jsonResponse(200, { contact: flagged }),
    });
    await screen.findByRole('heading', { name: t.editTitle });
    expect(input(t.fields.phone)).toHaveAccessibleDescription(t.phoneNeedsAttention);
    type(t.fields.phone, '+1503555011');
    submit(t.save);
    await waitFor(() => expect(input(t.fields.phone)).toHaveAccessibleDescription(t.phoneInvalid));
    expect(sent(api, 'PUT', '/api/contacts/c1')).toEqual([]);
    type(t.fields.phone, '+1503555010');
    type(t.fields.firstName, 'Gracie');
    submit(t.save);
    await waitFor(() => expect(sent(api, 'PUT', '/api/contacts/c1')).toHaveLength(1));
    expect(sent(api, 'PUT', '/api/contacts/c1')[0]).toMatchObject({
      profile: { firstName: 'Gracie', phone: '+1503555010' },
    });
  });

  it('resets smsVerified when a participant becomes a host, and says it was updated', async () => {
    const api = openForm('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: stored({ smsVerified: true }) }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: stored({ role: 'host' }), optinMessageSent: false }),
    });
    await screen.findByRole('heading', { name: t.editTitle });
    expect(checkbox(t.fields.smsVerified)).toBeChecked();
    expect(checkbox(t.fields.sendOptinMessage)).toBeDisabled();
    await chooseRole('host');
    submit(t.save);
    await waitFor(() => expect(path()).toBe('/contacts'));
    const [body] = sent(api, 'PUT', '/api/contacts/c1');
    expect(body).toMatchObject({ role: 'host', smsVerified: false, emailVerified: false });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('sendWelcomeEmail');
    // The whole text: no sentence about a message the server did not send.
    expect(
      await screen.findByText('Contact Grace Hopper updated successfully!'),
    ).toBeInTheDocument();
  });

  it.each<Role>(['host', 'admin'])(
    "leaves a %s's password alone when the fields stay blank",
    async (role) => {
      const api = openForm('/contacts/c1', {
        'GET /api/contacts/c1': () =>
          jsonResponse(200, { contact: stored({ role, emailVerified: true }) }),
        'PUT /api/contacts/c1': () =>
          jsonResponse(200, { contact: stored({ role }), optinMessageSent: false }),
      });
      await screen.findByRole('heading', { name: t.editTitle });
      submit(t.save);
      await waitFor(() => expect(path()).toBe('/contacts'));
      expect(sent(api, 'PUT', '/api/contacts/c1')[0]).not.toHaveProperty('password');
    },
  );

  it("sends a new password typed on a host's edit form", async () => {
    const api = openForm('/contacts/c1', {
      'GET /api/contacts/c1': () =>
        jsonResponse(200, { contact: stored({ role: 'host', emailVerified: true }) }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: stored({ role: 'host' }), optinMessageSent: false }),
    });
    await screen.findByRole('heading', { name: t.editTitle });
    type(t.fields.password, 'new-pass');
    type(t.fields.confirmPassword, 'new-pass');
    submit(t.save);
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sent(api, 'PUT', '/api/contacts/c1')[0]).toMatchObject({
      role: 'host',
      password: 'new-pass',
      confirmPassword: 'new-pass',
    });
  });

  it('shows no password fields on a participant', async () => {
    openForm('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: stored() }),
    });
    await screen.findByRole('heading', { name: t.editTitle });
    expect(queryInput(t.fields.password)).not.toBeInTheDocument();
    expect(queryInput(t.fields.confirmPassword)).not.toBeInTheDocument();
  });

  it.each([
    [
      "the server's refusal",
      () => jsonResponse(403, { error: t.permissions.staffByAdminsOnly }),
      t.permissions.staffByAdminsOnly,
    ],
    ['the fallback when the server gives no text', () => jsonResponse(500, {}), t.errors.update],
  ])('shows %s in the banner when the update fails', async (_case, answer, text) => {
    openForm('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: stored() }),
      'PUT /api/contacts/c1': answer,
    });
    await screen.findByRole('heading', { name: t.editTitle });
    submit(t.save);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(path()).toBe('/contacts/c1');
  });
});
