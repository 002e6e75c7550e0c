import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { ApiUser } from '../../src/shared/responses/users';
import { bioBox, loadBioEditor, typeBio } from './bio-helpers';
import { renderContacts } from './conversation-helpers';
import { apiUser, fakeApi, jsonResponse, signIn } from './helpers';

/** The contact's bio/notes in the rich-text editor, and as the contact's page shows it. */
const t = messages.contacts;

beforeAll(loadBioEditor, 60_000);
const path = () => screen.getByTestId('path').textContent;

const contact = (bio: string, overrides: Partial<ApiUser> = {}) =>
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
      phone: null,
      address: { street: '', city: '', state: '', zipCode: '', country: 'United States' },
      bio,
    },
  });

type Routes = Parameters<typeof fakeApi>[0];

/** The contacts screen at `at`, signed in as `user`, the API answering `routes`. */
function openContacts(at: string, routes: Routes, user = apiUser()) {
  const api = signIn(
    {
      'GET /api/contacts/c1/conversation': () => jsonResponse(200, { entries: [], hasMore: false }),
      'GET /api/contacts/c1/consent': () => jsonResponse(200, { events: [] }),
      'GET /api/sms': () => jsonResponse(200, { provider: 'twilio', simulateReplies: false }),
      ...routes,
    },
    user,
  );
  renderContacts(at);
  return api;
}

/**
 * A bio typed into the plain-text field before the editor, as the server stores it since: the
 * escaped HTML that reads as it was written (services/stored-bios.ts).
 */
const OLD_PLAIN_BIO = 'Likes <b>bold</b> & a < b';
const OLD_PLAIN_BIO_STORED = '<p>Likes &lt;b&gt;bold&lt;/b&gt; &amp; a &lt; b</p>';

describe('a bio typed before the editor', () => {
  it('opens a bio typed before the editor as the text it is, and saves it unchanged', async () => {
    const api = openContacts('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: contact(OLD_PLAIN_BIO_STORED) }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: contact('a'), optinMessageSent: false }),
      'GET /api/contacts': () => jsonResponse(200, { contacts: [], total: 0 }),
    });
    const box = await bioBox();
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual([OLD_PLAIN_BIO]);
    expect(box.querySelector('strong, b')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sentBodies(api, 'PUT')[0]!.profile.bio).toBe(OLD_PLAIN_BIO_STORED);
  });

  it('shows a bio typed before the editor as written, not as formatting', async () => {
    openContacts(
      '/contacts/c1',
      {
        'GET /api/contacts/c1': () =>
          jsonResponse(200, { contact: contact(OLD_PLAIN_BIO_STORED, { role: 'admin' }) }),
      },
      apiUser({ role: 'host' }),
    );
    await screen.findByRole('heading', { name: t.viewTitle });
    const bio = screen.getByText(t.fields.bio).nextElementSibling as HTMLElement;
    expect(bio.textContent).toBe(OLD_PLAIN_BIO);
    expect(bio.querySelector('strong, b')).toBeNull();
  });
});
/** What the editor writes for "Prefers mornings" made bold. */
const BOLD_BIO = '<p><strong>Prefers mornings</strong></p>';

const sentBodies = (api: ReturnType<typeof fakeApi>, method: string) =>
  api.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as { profile: { bio: string } });

describe('the bio/notes editor', () => {
  it('saves text made bold with the toolbar as <strong>', async () => {
    const api = openContacts('/contacts/create', {
      'POST /api/contacts': () =>
        jsonResponse(201, {
          contact: contact(BOLD_BIO),
          optinMessageSent: false,
          welcomeEmailSent: false,
        }),
      'GET /api/contacts': () => jsonResponse(200, { contacts: [], total: 0 }),
    });
    await screen.findByRole('heading', { name: t.createTitle });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'grace@example.org' } });

    const editor = await typeBio('Prefers mornings');
    editor.commands.selectAll();
    fireEvent.click(screen.getByRole('button', { name: messages.richTextToolbar.bold }));
    fireEvent.click(screen.getByRole('button', { name: t.create }));

    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sentBodies(api, 'POST')[0]!.profile.bio).toBe(BOLD_BIO);
  });

  it("shows the saved bold text on the contact's page", async () => {
    openContacts('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: contact(BOLD_BIO) }),
    });
    const bold = within(await bioBox()).getByText('Prefers mornings');
    expect(bold.tagName).toBe('STRONG');
  });

  it('saves unformatted text as plain text, a line per paragraph', async () => {
    const api = openContacts('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: contact('') }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: contact('a'), optinMessageSent: false }),
      'GET /api/contacts': () => jsonResponse(200, { contacts: [], total: 0 }),
    });
    await typeBio('Mornings & <evenings>\nNot Sundays');
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(path()).toBe('/contacts'));
    // "<evenings>" reads as a tag, so that paragraph stays HTML, escaped.
    expect(sentBodies(api, 'PUT')[0]!.profile.bio).toBe(
      '<p>Mornings &amp; &lt;evenings&gt;</p><p>Not Sundays</p>',
    );
  });

  it('saves text a browser would read as markup as HTML, escaped', async () => {
    const api = openContacts('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: contact('') }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: contact('a'), optinMessageSent: false }),
      'GET /api/contacts': () => jsonResponse(200, { contacts: [], total: 0 }),
    });
    // Neither is a whole tag, but a browser makes an element of each.
    await typeBio('<svg/onload=alert(1)>\nCall x<y');
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sentBodies(api, 'PUT')[0]!.profile.bio).toBe(
      '<p>&lt;svg/onload=alert(1)&gt;</p><p>Call x&lt;y</p>',
    );
  });

  it('opens a plain-text bio as paragraphs and saves it unchanged when untouched', async () => {
    const api = openContacts('/contacts/c1', {
      'GET /api/contacts/c1': () =>
        jsonResponse(200, { contact: contact('Likes tea\n\na < b & c') }),
      'PUT /api/contacts/c1': () =>
        jsonResponse(200, { contact: contact('a'), optinMessageSent: false }),
      'GET /api/contacts': () => jsonResponse(200, { contacts: [], total: 0 }),
    });
    const box = await bioBox();
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Likes tea',
      '',
      'a < b & c',
    ]);
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(path()).toBe('/contacts'));
    expect(sentBodies(api, 'PUT')[0]!.profile.bio).toBe('Likes tea\n\na < b & c');
  });

  it('shows the length rule under the editor', async () => {
    openContacts('/contacts/c1', {
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: contact('') }),
    });
    await typeBio('x'.repeat(2001));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(
      await screen.findByText('Bio / notes can be at most 2000 characters long'),
    ).toBeVisible();
  });
});

describe("a contact's bio, read-only", () => {
  // A host opening an admin sees the details, not the form.
  const openAsHost = (bio: string) =>
    openContacts(
      '/contacts/c1',
      {
        'GET /api/contacts/c1': () =>
          jsonResponse(200, { contact: contact(bio, { role: 'admin' }) }),
      },
      apiUser({ role: 'host' }),
    );
  const details = async () => {
    await screen.findByRole('heading', { name: t.viewTitle });
    return screen.getByText(t.fields.bio).nextElementSibling as HTMLElement;
  };

  it('shows the formatting of an HTML bio and only the allowed tags', async () => {
    openAsHost(
      '<p><strong>Bold</strong> and <a href="https://tidings.example" target="_blank" rel="noopener noreferrer">site</a></p>' +
        '<ul><li><p>one</p></li></ul><p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a></p>',
    );
    const bio = await details();
    expect(within(bio).getByText('Bold').tagName).toBe('STRONG');
    expect(within(bio).getByRole('link', { name: 'site' })).toHaveAttribute(
      'href',
      'https://tidings.example',
    );
    expect(within(bio).getByRole('listitem')).toHaveTextContent('one');
    expect(bio.querySelector('img, [onerror]')).toBeNull();
    expect(within(bio).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(bio).toHaveTextContent('bad');
  });

  it('shows text stored escaped as the text it is', async () => {
    openAsHost('<p>&lt;svg/onload=alert(1)&gt;<br />x&lt;y</p>');
    const bio = await details();
    expect(bio).toHaveTextContent('<svg/onload=alert(1)>x<y');
    expect(bio.querySelector('svg, [onload], y')).toBeNull();
  });

  it('shows a plain-text bio as written, line breaks kept', async () => {
    openAsHost('First <3\nSecond & a < b');
    const bio = await details();
    expect(bio.textContent).toBe('First <3\nSecond & a < b');
    expect(getComputedStyle(bio.firstElementChild!).whiteSpace).toBe('pre-line');
  });
});
