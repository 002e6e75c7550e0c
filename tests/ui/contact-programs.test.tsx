import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { contactProvider, participant, renderContacts } from './conversation-helpers';
import { signIn } from './helpers';

const t = messages.contacts.enrollments;

describe("a participant's Programs panel", () => {
  it('says where they are in each rolling program, and what comes next', async () => {
    const contact = participant();
    const dataProvider = contactProvider({
      contact,
      enrollments: [
        {
          programId: '11111111-1111-4111-8111-111111111111',
          programName: 'Rolling Walks',
          lastDay: 8,
          contactId: contact.id,
          contactName: 'Grace Hopper',
          enrolledAt: '2026-03-08T12:58:00.000Z',
          startDate: '2026-03-08',
          currentDay: 2,
          status: 'active',
          endedAt: null,
          nextSendAt: '2026-03-11T13:00:00.000Z',
        },
        {
          programId: '22222222-2222-4222-8222-222222222222',
          programName: 'Sleep Reset',
          lastDay: 4,
          contactId: contact.id,
          contactName: 'Grace Hopper',
          enrolledAt: '2026-02-01T12:58:00.000Z',
          startDate: '2026-02-01',
          currentDay: 4,
          status: 'finished',
          endedAt: null,
          nextSendAt: null,
        },
      ],
    });
    signIn();
    renderContacts(`/contacts/${contact.id}`, dataProvider);
    const panel = await screen.findByRole('region', { name: t.title });
    expect(await within(panel).findByRole('link', { name: 'Rolling Walks' })).toHaveAttribute(
      'href',
      '/programs/edit/11111111-1111-4111-8111-111111111111',
    );
    expect(within(panel).getByText(/Day 2 of 8 · Next message/)).toBeInTheDocument();
    expect(within(panel).getByText('Active')).toBeInTheDocument();
    expect(within(panel).getByText('Day 4 of 4')).toBeInTheDocument();
    expect(within(panel).getByText('Finished')).toBeInTheDocument();
    expect(dataProvider.getContactEnrollments).toHaveBeenCalledWith(contact.id);
  });

  it('says so when no rolling program enrolled them', async () => {
    const contact = participant();
    signIn();
    renderContacts(`/contacts/${contact.id}`, contactProvider({ contact }));
    const panel = await screen.findByRole('region', { name: t.title });
    expect(await within(panel).findByText(t.none)).toBeInTheDocument();
  });
});
