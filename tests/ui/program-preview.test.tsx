import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SCHEDULE_MAX_HEIGHT } from '../../src/admin/programs/form/ScheduleTable';
import type { ProgramPreviewQuery } from '../../src/admin/providers/programsApi';
import { messages } from '../../src/shared/messages';
import type { ApiPreviewRecipient, ApiProgramPreview } from '../../src/shared/responses/programs';
import { ids, openProgram, program, programsProvider } from './programs-helpers';

const t = messages.programs.preview;

// Spring Walks: two days in New York at 9:00, from 3/13/27; Day 1 on 3/14/27 (daylight time).
const DAY_1 = '2027-03-14T13:00:00.000Z';

const recipient = (overrides: Partial<ApiPreviewRecipient>): ApiPreviewRecipient => ({
  contactId: '00000000-0000-4000-8000-000000000001',
  contactName: 'Ada Lovelace',
  phone: '+12125550101',
  startDate: null,
  planned: false,
  status: null,
  body: 'Day 1: walk ten minutes, Ada.\nhttps://tid.gs/l/xxxxxxx',
  encoding: 'GSM-7',
  segments: 1,
  mediaUrl: null,
  sendAt: DAY_1,
  heldUntil: null,
  emptyFields: [],
  moreSegmentsThanCounted: false,
  overOneSegment: false,
  ...overrides,
});

const ada = recipient({});
const bartholomew = recipient({
  contactId: '00000000-0000-4000-8000-000000000002',
  contactName: 'Bartholomew-Maximiliano',
  phone: '+12125550102',
  body: `Day 1: walk ten minutes, Bartholomew-Maximiliano. ${'Stretch. '.repeat(13)}`,
  segments: 2,
  moreSegmentsThanCounted: true,
  overOneSegment: true,
});
const nameless = recipient({
  contactId: '00000000-0000-4000-8000-000000000003',
  contactName: '',
  phone: '+12135550103',
  body: 'Day 1: walk ten minutes, .\nhttps://tid.gs/l/xxxxxxx',
  emptyFields: ['first_name'],
  // 09:00 in New York is 06:00 in Los Angeles: held until 08:00 there.
  heldUntil: { until: '2027-03-14T15:00:00.000Z', timeZone: 'America/Los_Angeles' },
});

const answer = (overrides: Partial<ApiProgramPreview> = {}): ApiProgramPreview => ({
  day: 1,
  enrollment: 'cohort',
  sendAt: DAY_1,
  timeZone: 'America/New_York',
  counted: { encoding: 'GSM-7', segments: 1 },
  trackedLinks: 1,
  recipients: [ada, bartholomew, nameless],
  total: 3,
  flagged: 2,
  ...overrides,
});

type Preview = (id: string, query: ProgramPreviewQuery) => Promise<ApiProgramPreview>;

function render(
  getProgramPreview: Preview = async (_id, query) =>
    query.flagged ? answer({ recipients: [bartholomew, nameless] }) : answer(),
) {
  const dataProvider = {
    ...programsProvider(program()),
    getProgramPreview: vi.fn(getProgramPreview),
  };
  openProgram(`/programs/${ids.program}`, dataProvider);
  return dataProvider;
}

beforeEach(() => {
  // jsdom has no layout: give the schedule's box its height, so the virtualizer draws its rows.
  const height = vi
    .spyOn(Element.prototype, 'clientHeight', 'get')
    .mockReturnValue(SCHEDULE_MAX_HEIGHT);
  onTestFinished(() => height.mockRestore());
});

async function openDay(label: string) {
  const button = await screen.findByRole('button', { name: `Preview the messages of ${label}` });
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: `Messages of ${label}` });
  await within(dialog).findByRole('figure');
  return { dialog, button };
}

const phone = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('figure', { name: `The message as ${name} receives it` });

async function pick(dialog: HTMLElement, option: RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: t.recipient }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe("a saved program's message preview", () => {
  it("opens a day's exact message on a phone, with its encoding, segments and time", async () => {
    const dataProvider = render();
    const { dialog } = await openDay('Day 1');
    expect(dataProvider.getProgramPreview).toHaveBeenCalledWith(ids.program, {
      day: 1,
      page: 1,
      perPage: 20,
      flagged: false,
    });
    expect(
      within(dialog).getByText(
        'Day 1 goes out on 3/14/27 at 9:00 AM (New York time). The product editor counted 1 segment(s) in GSM-7.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 3 recipient(s) flagged')).toBeInTheDocument();
    const bubble = phone(dialog, 'Ada Lovelace');
    expect(within(bubble).getByText('To Ada Lovelace, +12125550101')).toBeInTheDocument();
    expect(within(bubble).getByTestId('preview-body').textContent).toBe(ada.body);
    const facts = dialog.querySelector('dl')!;
    expect([...facts.querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual([
      t.encoding,
      'GSM-7',
      t.segments,
      '1 SMS segment(s)',
      t.goes,
      '3/14/27, 9:00 AM',
    ]);
    expect(within(dialog).getByText(`${t.notPlanned} ${t.standInCodes}`)).toBeInTheDocument();
    expect(within(dialog).getByText(t.noFlags)).toBeInTheDocument();
  });

  it('picks another recipient and says what costs more than counted or comes out empty', async () => {
    render();
    const { dialog } = await openDay('Day 1');
    await pick(dialog, /^Bartholomew-Maximiliano, \+12125550102/);
    expect(
      within(phone(dialog, 'Bartholomew-Maximiliano')).getByTestId('preview-body').textContent,
    ).toBe(bartholomew.body);
    expect(within(dialog).getByText('2 SMS segment(s)')).toBeInTheDocument();
    const flags = within(dialog).getByRole('region', { name: t.flags });
    expect(within(flags).getByText('Costs 2 segments, the editor counted 1')).toBeInTheDocument();

    await pick(dialog, /^No name, \+12135550103/);
    expect(phone(dialog, t.noName)).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('region', { name: t.flags })).getByText(
        t.emptyFields.first_name,
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Held by quiet hours where the recipient may be: goes at 8:00 AM on 3/14/27 in Los Angeles',
      ),
    ).toBeInTheDocument();
  });

  it("lists each recipient's flags in the picker, and filters the flagged ones", async () => {
    const dataProvider = render();
    const { dialog } = await openDay('Day 1');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: t.recipient }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Ada Lovelace, +12125550101',
      'Bartholomew-Maximiliano, +12125550102Costs 2 segments, the editor counted 1',
      `No name, +12135550103${t.emptyFields.first_name}`,
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Only flagged recipients (2)' }));
    await waitFor(() =>
      expect(dataProvider.getProgramPreview).toHaveBeenLastCalledWith(ids.program, {
        day: 1,
        page: 1,
        perPage: 20,
        flagged: true,
      }),
    );
    expect(await within(dialog).findByText('1-2 of 2')).toBeInTheDocument();
    expect(phone(dialog, 'Bartholomew-Maximiliano')).toBeInTheDocument();
  });

  it('pages through the recipients', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      recipient({
        contactId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        contactName: `Walker ${i + 1}`,
      }),
    );
    const dataProvider = render(async (_id, query) =>
      answer({
        recipients: query.page === 1 ? many : [recipient({ contactName: 'Walker 21' })],
        total: 21,
        flagged: 0,
      }),
    );
    const { dialog } = await openDay('Day 1');
    expect(within(dialog).getByText('1-20 of 21')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: t.previousPage })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: t.nextPage }));
    expect(await within(dialog).findByText('21-21 of 21')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('figure', { name: 'The message as Walker 21 receives it' }),
    ).toBeInTheDocument();
    expect(dataProvider.getProgramPreview).toHaveBeenLastCalledWith(ids.program, {
      day: 1,
      page: 2,
      perPage: 20,
      flagged: false,
    });
    expect(within(dialog).getByRole('button', { name: t.nextPage })).toBeDisabled();
  });

  it('shows a planned message as the outbox holds it, with its picture', async () => {
    render(async () =>
      answer({
        day: 3,
        recipients: [
          recipient({
            planned: true,
            status: 'queued',
            body: 'Thanks for walking!\nhttps://example.org/walks',
            mediaUrl: 'https://tidings.example/media/AbC123_-xyzAbC123_-xyzA.png',
          }),
        ],
        total: 1,
        flagged: 0,
      }),
    );
    const { dialog } = await openDay('Conclusion (Day 3)');
    expect(
      within(dialog).getByText('Planned: this is the message in the outbox (Queued).'),
    ).toBeInTheDocument();
    const image = within(phone(dialog, 'Ada Lovelace')).getByRole('img', { name: t.media });
    // Served by this console, whatever PUBLIC_URL the message names.
    expect(image.getAttribute('src')).toBe('/media/AbC123_-xyzAbC123_-xyzA.png');
  });

  it("says so when the day has nobody, or the server's refusal", async () => {
    render(async () => answer({ recipients: [], total: 0, flagged: 0 }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Preview the messages of Pre-message (Day 0)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Messages of Pre-message (Day 0)' });
    expect(await within(dialog).findByText(t.nobody)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog", async () => {
    const refusal = 'This program has no product yet, so it has no message to preview.';
    render(async () => {
      throw new HttpError(refusal, 400, { error: refusal });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview the messages of Day 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages of Day 1' });
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('is used from the keyboard, and gives the focus back to the day it was opened from', async () => {
    const user = userEvent.setup();
    render();
    const button = await screen.findByRole('button', { name: 'Preview the messages of Day 2' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Messages of Day 2' });
    await within(dialog).findByRole('figure');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('asks to save first when the form no longer shows the saved schedule', async () => {
    render();
    await screen.findByRole('button', { name: 'Preview the messages of Day 1' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: messages.programs.fields.timeZone }));
    fireEvent.click(await screen.findByRole('option', { name: 'America/Chicago' }));
    expect(await screen.findByText(t.saveFirst)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Preview the messages of Day 1' }),
    ).not.toBeInTheDocument();
  });
});

describe("a rolling program's message preview", () => {
  // Each participant's Day 1 on their own calendar: Ada from 3/13/27, Ben from 3/20/27.
  const rollingAda = recipient({ startDate: '2027-03-13' });
  const rollingBen = recipient({
    contactId: '00000000-0000-4000-8000-000000000005',
    contactName: 'Ben Okafor',
    phone: '+12125550105',
    startDate: '2027-03-20',
    body: 'Day 1: walk ten minutes, Ben.\nhttps://tid.gs/l/xxxxxxx',
    sendAt: '2027-03-21T13:00:00.000Z',
  });

  function renderRolling(recipients: ApiPreviewRecipient[]) {
    const stored = program({ enrollment: 'rolling' });
    const dataProvider = {
      ...programsProvider(stored),
      getProgramPreview: vi.fn(async () =>
        answer({
          enrollment: 'rolling',
          sendAt: null,
          recipients,
          total: recipients.length,
          flagged: 0,
        }),
      ),
    };
    openProgram(`/programs/${stored.id}`, dataProvider);
  }

  it("shows each participant's day 0 and when the day goes on their own calendar", async () => {
    renderRolling([rollingAda, rollingBen]);
    const { dialog } = await openDay('Day 1');
    expect(
      within(dialog).getByText(
        "Each enrolled participant gets Day 1 on their own calendar, counted from their day 0, at the program's send time (New York time). The product editor counted 1 segment(s) in GSM-7.",
      ),
    ).toBeInTheDocument();
    const facts = () =>
      [...dialog.querySelector('dl')!.querySelectorAll('dt, dd')].map((cell) => cell.textContent);
    expect(facts()).toEqual([
      t.dayZero,
      '3/13/27',
      t.encoding,
      'GSM-7',
      t.segments,
      '1 SMS segment(s)',
      t.goes,
      '3/14/27, 9:00 AM',
    ]);
    await pick(dialog, /^Ben Okafor, \+12125550105/);
    expect(within(phone(dialog, 'Ben Okafor')).getByTestId('preview-body').textContent).toBe(
      rollingBen.body,
    );
    expect(facts()).toEqual([
      t.dayZero,
      '3/20/27',
      t.encoding,
      'GSM-7',
      t.segments,
      '1 SMS segment(s)',
      t.goes,
      '3/21/27, 9:00 AM',
    ]);
  });

  it('says so when no participant is enrolled and on their way', async () => {
    renderRolling([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview the messages of Day 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages of Day 1' });
    expect(await within(dialog).findByText(t.nobodyRolling)).toBeInTheDocument();
  });
});
