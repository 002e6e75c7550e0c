import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { renderContacts } from './conversation-helpers';
import { apiUser, jsonResponse, signIn } from './helpers';
import type { ApiUser } from '../../src/shared/responses/users';

/**
 * What the contact screens show each role: hosts manage participants only (the server refuses the
 * rest with 403), so a host is offered the participant role only and sees hosts and admins
 * read-only; admins manage everyone.
 */

const t = messages.contacts;
const path = () => screen.getByTestId('path').textContent;
const select = (label: string) => screen.getByRole('combobox', { name: label });

const people: Record<Role, ApiUser> = {
  participant: contact('p1', 'Pablo', 'participant'),
  host: contact('h1', 'Hana', 'host'),
  admin: contact('a1', 'Ada', 'admin'),
};

function contact(id: string, firstName: string, role: Role): ApiUser {
  return apiUser({
    _id: id,
    id,
    firstName,
    fullName: `${firstName} Lovelace`,
    email: `${firstName.toLowerCase()}@example.org`,
    role,
    phone: '+14155550123',
    emailVerified: role !== 'participant',
  });
}

type Routes = Parameters<typeof signIn>[0];

/**
 * The contacts screen at `at`, signed in as a `role`, with the API knowing the three people above
 * and answering `routes`.
 */
function openAs(role: Role, at: string, routes: Routes = {}) {
  const me = apiUser({ role, firstName: 'Me', email: 'me@example.org' });
  const api = signIn(
    {
      'GET /api/contacts': () => jsonResponse(200, { contacts: Object.values(people), total: 3 }),
      ...Object.fromEntries(
        Object.values(people).map((person) => [
          `GET /api/contacts/${person.id}`,
          () => jsonResponse(200, { contact: person }),
        ]),
      ),
      ...routes,
    },
    me,
  );
  renderContacts(at);
  return api;
}

async function roleOptions() {
  fireEvent.mouseDown(select(t.fields.role));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return options;
}

describe('create contact by role', () => {
  it('offers a host the participant role only', async () => {
    openAs('host', '/contacts/create');
    await screen.findByRole('heading', { name: t.createTitle });
    expect(await roleOptions()).toEqual([t.roles.participant]);
  });

  it('offers an admin every role', async () => {
    openAs('admin', '/contacts/create');
    await screen.findByRole('heading', { name: t.createTitle });
    expect(await roleOptions()).toEqual([t.roles.participant, t.roles.host, t.roles.admin]);
  });
});

describe('edit contact by role', () => {
  it.each<[string, Role]>([
    ['a host', 'host'],
    ['an admin', 'admin'],
  ])('shows a host the details of %s read-only, saying why, with no save', async (_name, role) => {
    const person = people[role];
    openAs('host', `/contacts/${person.id}`);
    const details = await screen.findByRole('region', { name: t.sections.details });
    // The one text box on the page is the Conversation card's reply box, below the details:
    // texting someone who has a phone is not changing their account.
    const reply = await screen.findByRole('textbox', { name: messages.staffReply.label });
    expect(details).not.toContainElement(reply);
    expect(screen.getByRole('heading', { name: t.viewTitle })).toBeInTheDocument();
    expect(screen.getByText(t.permissions.staffByAdminsOnly)).toBeInTheDocument();
    expect(within(details).getByText(person.fullName)).toBeInTheDocument();
    expect(within(details).getByText(person.email)).toBeInTheDocument();
    expect(within(details).getByText(t.roles[role])).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toEqual([reply]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.save })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: t.back }));
    await waitFor(() => expect(path()).toBe('/contacts'));
  });

  it("gives a host a participant's form, keeping the participant role", async () => {
    openAs('host', `/contacts/${people.participant.id}`);
    await screen.findByRole('heading', { name: t.editTitle });
    expect(screen.getByRole('button', { name: t.save })).toBeInTheDocument();
    expect(screen.queryByText(t.permissions.staffByAdminsOnly)).not.toBeInTheDocument();
    expect(await roleOptions()).toEqual([t.roles.participant]);
  });

  it.each<[string, Role]>([
    ['a host', 'host'],
    ['an admin', 'admin'],
  ])('gives an admin the form of %s, with every role', async (_name, role) => {
    openAs('admin', `/contacts/${people[role].id}`);
    await screen.findByRole('heading', { name: t.editTitle });
    expect(screen.getByRole('button', { name: t.save })).toBeInTheDocument();
    expect(screen.queryByText(t.permissions.staffByAdminsOnly)).not.toBeInTheDocument();
    expect(await roleOptions()).toEqual([t.roles.participant, t.roles.host, t.roles.admin]);
  });
});

describe('the contacts list', () => {
  it('lists everyone to a host, hosts and admins included', async () => {
    openAs('host', '/contacts');
    expect(await screen.findByText('Showing 3 of 3 contacts')).toBeInTheDocument();
    for (const person of Object.values(people)) {
      expect(screen.getByText(person.fullName)).toBeInTheDocument();
    }
  });
});
