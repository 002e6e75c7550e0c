import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/admin/format';
import { messages } from '../../src/shared/messages';
import type { ApiContactEnrollment } from '../../src/shared/responses/programs';
import { contactProvider, participant, renderContacts } from './conversation-helpers';
import { signIn } from './helpers';

const t = messages.contacts.enrollments;
const WALKS = '11111111-1111-4111-8111-111111111111';

/** Grace's place in Rolling Walks: day 2 of 8, active, restartable from `restartStartsAt`. */
function walks(contactId: string, overrides: Partial<ApiContactEnrollment> = {}) {
  return {
    programId: WALKS,
    programName: 'Rolling Walks',
    lastDay: 8,
    contactId,
    contactName: 'Grace Hopper',
    enrolledAt: '2026-03-08T12:58:00.000Z',
    startDate: '2026-03-08',
    currentDay: 2,
    status: 'active',
    endedAt: null,
    run: 1,
    nextSendAt: '2026-03-11T13:00:00.000Z',
    restartStartsAt: '2026-03-11T13:00:00.000Z',
    restartRefusal: null,
    ...overrides,
  } satisfies ApiContactEnrollment;
}

/** The contact's page with their Programs panel loaded; `restartEnrollment` answers a restart. */
async function openPanel(
  enrollments: ApiContactEnrollment[],
  contact = participant(),
  restartEnrollment = vi.fn(async (_programId: string, _contactId: string) => enrollments[0]!),
) {
  const dataProvider = { ...contactProvider({ contact, enrollments }), restartEnrollment };
  signIn();
  renderContacts(`/contacts/${contact.id}`, dataProvider);
  const panel = await screen.findByRole('region', { name: t.title });
  await within(panel).findByRole('link', { name: enrollments[0]!.programName });
  return { panel, dataProvider, contact };
}

describe("a participant's Programs panel", () => {
  it('says where they are in each rolling program, and what comes next', async () => {
    const contact = participant();
    const { panel, dataProvider } = await openPanel(
      [
        walks(contact.id),
        walks(contact.id, {
          programId: '22222222-2222-4222-8222-222222222222',
          programName: 'Sleep Reset',
          lastDay: 4,
          enrolledAt: '2026-02-01T12:58:00.000Z',
          startDate: '2026-02-01',
          currentDay: 4,
          status: 'finished',
          run: 2,
          nextSendAt: null,
        }),
      ],
      contact,
    );
    expect(within(panel).getByRole('link', { name: 'Rolling Walks' })).toHaveAttribute(
      'href',
      `/programs/edit/${WALKS}`,
    );
    expect(within(panel).getByText(/Day 2 of 8 · Next message/)).toBeInTheDocument();
    expect(within(panel).getByText('Active')).toBeInTheDocument();
    expect(within(panel).getByText('Day 4 of 4 · Restarted (run 2)')).toBeInTheDocument();
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

describe('Restart for this participant', () => {
  it('asks first, saying the days start from day 0 again and when, then restarts and says so', async () => {
    const contact = participant();
    const restartEnrollment = vi.fn(async (_programId: string, _contactId: string) =>
      walks(contact.id, { run: 2, currentDay: null, startDate: '2026-03-11' }),
    );
    const { panel, dataProvider } = await openPanel(
      [walks(contact.id)],
      contact,
      restartEnrollment,
    );

    fireEvent.click(within(panel).getByRole('button', { name: t.restart.button }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Restart Rolling Walks for Grace Hopper?',
    });
    const at = formatDateTime('2026-03-11T13:00:00.000Z');
    expect(
      within(dialog).getByText(new RegExp(`days from day 0 again, starting ${at}`)),
    ).toBeInTheDocument();
    expect(restartEnrollment).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: t.restart.confirm }));
    await waitFor(() => expect(restartEnrollment).toHaveBeenCalledWith(WALKS, contact.id));
    expect(
      await screen.findByText(`Restarted Rolling Walks: day 0 goes ${at}.`),
    ).toBeInTheDocument();
    // The panel is read again, to show the new run.
    await waitFor(() => expect(dataProvider.getContactEnrollments).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal when the restart fails, and nothing happens on cancel", async () => {
    const contact = participant();
    const error = 'Grace Hopper has opted out of text messages.';
    const restartEnrollment = vi.fn(async (_programId: string, _contactId: string) => {
      throw new HttpError(error, 409, { error });
    });
    const { panel } = await openPanel([walks(contact.id)], contact, restartEnrollment);
    const button = within(panel).getByRole('button', { name: t.restart.button });

    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: messages.app.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(restartEnrollment).not.toHaveBeenCalled();

    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: t.restart.confirm }));
    expect(await screen.findByText(error)).toBeInTheDocument();
  });

  it('is off, saying why, when they cannot be restarted now', async () => {
    const contact = participant();
    const reason = 'Grace Hopper is not an active member of an active pod of this program.';
    const { panel } = await openPanel(
      [walks(contact.id, { restartStartsAt: null, restartRefusal: reason })],
      contact,
    );
    expect(within(panel).getByRole('button', { name: t.restart.button })).toBeDisabled();
    expect(within(panel).getByText(`Cannot restart: ${reason}`)).toBeInTheDocument();
  });
});
