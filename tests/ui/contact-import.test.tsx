import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_REFRESH_MS,
  IMPORTS_UNDER_WAY_REFRESH_MS,
} from '../../src/admin/contacts/import/importQueries';
import { palette } from '../../src/admin/theme';
import type {
  ContactImport,
  ContactImportSummary,
  ImportPreview,
} from '../../src/shared/responses/contact-imports';
import { messages } from '../../src/shared/messages';
import { renderContacts } from './conversation-helpers';
import { apiUser, fakeApi, jsonResponse, signIn, STORED_TOKEN } from './helpers';
import type { ApiUser } from '../../src/shared/responses/users';
import { fakeDataProvider } from './products-helpers';

const t = messages.contactImport;
const fields = messages.contacts.fields;

// The dialog loads lazily; loading it once here keeps that out of each test's time.
beforeAll(async () => {
  await import('../../src/admin/contacts/import/ImportContactsDialog');
});

const IMPORT_ID = 'a0000000-0000-4000-8000-000000000001';

const preview: ImportPreview = {
  filename: 'walkers.csv',
  format: 'csv',
  columns: ['E-mail', 'First', 'Surname', 'Mobile', 'Town'],
  mapping: ['email', 'firstName', 'lastName', 'phone', 'city'],
  rows: [
    { row: 2, cells: [' Ada@Example.ORG ', 'Ada', 'Lovelace', '(503) 555-0101', 'Portland'] },
    { row: 3, cells: ['not-an-email', 'Bob', 'Byte', '12345', 'Salem'] },
    { row: 4, cells: ['ada@example.org', 'Ada', 'Again', '', ''] },
  ],
  total: 500,
  optinAllowance: { limit: 100, remaining: 37, countries: ['US', 'CA'] },
};

function contactImport(overrides: Partial<ContactImport> = {}): ContactImport {
  return {
    id: IMPORT_ID,
    filename: 'walkers.csv',
    status: 'running',
    total: 100,
    processed: 40,
    created: 38,
    updated: 0,
    skipped: 2,
    createdAt: '2026-03-14T16:30:00.000Z',
    duplicates: 'skip',
    sendOptin: false,
    errors: [],
    errorCount: 0,
    optinsQueued: 0,
    optinsWithheld: 0,
    error: null,
    finishedAt: null,
    ...overrides,
  };
}

const finished = contactImport({
  status: 'done',
  processed: 100,
  created: 95,
  updated: 2,
  skipped: 3,
  errors: [
    { row: 3, field: 'email', message: 'Please enter a valid email address' },
    { row: 7, field: 'phone', message: 'Phone number must be at least 10 digits' },
  ],
  errorCount: 2,
  finishedAt: '2026-03-14T16:31:00.000Z',
});

type Routes = Parameters<typeof fakeApi>[0];

/** The contacts list, signed in as `user`, its table from a fake data provider and the API faked. */
function openContacts(routes: Routes = {}, user: ApiUser = apiUser()) {
  const api = signIn(routes, user);
  const getList = vi.fn(async () => ({
    data: [apiUser({ _id: 'c1', id: 'c1', firstName: 'Maria', fullName: 'Maria Rivera' })],
    total: 1,
  }));
  renderContacts('/contacts', fakeDataProvider({ getList }));
  return { api, getList };
}

const csv = () => new File(['E-mail,First\n'], 'walkers.csv', { type: 'text/csv' });

/** Opens the dialog and chooses `file`; returns the dialog. */
async function chooseFile(file: File = csv()) {
  fireEvent.click(await screen.findByRole('button', { name: t.open }));
  const dialog = await screen.findByRole('dialog', { name: t.title });
  fireEvent.change(within(dialog).getByLabelText(t.chooseFile), { target: { files: [file] } });
  return dialog;
}

/** Opens the dialog on `preview` (the server's answer to the file) at the mapping step. */
async function openMapping(routes: Routes = {}, user?: ApiUser) {
  const rendered = openContacts(
    {
      'POST /api/contacts/imports/preview': () => jsonResponse(200, { preview }),
      ...routes,
    },
    user,
  );
  const dialog = await chooseFile();
  await within(dialog).findByText('500 rows in walkers.csv');
  return { ...rendered, dialog };
}

const columnSelect = (dialog: HTMLElement, header: string) =>
  within(dialog).getByRole('combobox', { name: header });

async function chooseField(dialog: HTMLElement, header: string, option: string) {
  fireEvent.mouseDown(columnSelect(dialog, header));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const startButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Import 500 rows' });

const previewTable = (dialog: HTMLElement) =>
  within(dialog).getByRole('table', { name: 'Preview: the first 3 rows as they will be saved' });

const rowOf = (table: HTMLElement, row: number) =>
  within(table)
    .getAllByRole('row')
    .find((tr) => within(tr).queryAllByRole('cell')[0]?.textContent === String(row)) as HTMLElement;

describe('Import contacts: the file', () => {
  it('is offered to hosts beside Export CSV, and sends the chosen file for its preview', async () => {
    const { api } = openContacts(
      { 'POST /api/contacts/imports/preview': () => jsonResponse(200, { preview }) },
      apiUser({ role: 'host' }),
    );
    // The button waits for the signed-in role, which the list does not.
    const importButton = await screen.findByRole('button', { name: t.open });
    const exportButton = screen.getByRole('button', { name: messages.contacts.exportCsv });
    expect(exportButton.nextElementSibling).toHaveTextContent(t.open);
    fireEvent.click(importButton);
    const dialog = await screen.findByRole('dialog', { name: t.title });
    expect(
      within(dialog).getByText(
        'A .csv or .xlsx file of up to 10 MB and 100,000 rows. Its first row must name the columns.',
      ),
    ).toBeInTheDocument();
    const input = within(dialog).getByLabelText(t.chooseFile);
    expect(input).toHaveAttribute('accept', '.csv,.xlsx');
    fireEvent.change(input, { target: { files: [csv()] } });
    expect(await within(dialog).findByText('500 rows in walkers.csv')).toBeInTheDocument();
    const call = api.mock.calls.find(([url]) => String(url).endsWith('/contacts/imports/preview'));
    const body = call?.[1]?.body as FormData;
    expect((body.get('file') as File).name).toBe('walkers.csv');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
  });

  it("shows the server's refusal of a file in the dialog", async () => {
    const refusal =
      'This file has more than 100,000 rows. Split it into smaller files and import each.';
    openContacts({
      'POST /api/contacts/imports/preview': () => jsonResponse(413, { error: refusal }),
    });
    const dialog = await chooseFile();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    // The file step stays, to choose another.
    expect(within(dialog).getByRole('button', { name: t.chooseFile })).toBeEnabled();
  });

  it('refuses a file of another kind at once, without sending it', async () => {
    const { api } = openContacts();
    const dialog = await chooseFile(new File(['x'], 'walkers.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t.fileType);
    expect(api.mock.calls.some(([url]) => String(url).includes('/preview'))).toBe(false);
  });
});

describe('Import contacts: mapping and preview', () => {
  it('shows the proposed mapping, which can be changed; a mapping problem disables the import', async () => {
    const { dialog } = await openMapping();
    expect(columnSelect(dialog, 'E-mail')).toHaveTextContent(fields.email);
    expect(columnSelect(dialog, 'First')).toHaveTextContent(fields.firstName);
    expect(columnSelect(dialog, 'Surname')).toHaveTextContent(fields.lastName);
    expect(columnSelect(dialog, 'Mobile')).toHaveTextContent(fields.phone);
    expect(columnSelect(dialog, 'Town')).toHaveTextContent(fields.city);
    expect(startButton(dialog)).toBeEnabled();

    await chooseField(dialog, 'First', t.skipColumn);
    expect(
      await within(dialog).findByText('Choose the column that holds First name.'),
    ).toBeInTheDocument();
    expect(startButton(dialog)).toBeDisabled();

    await chooseField(dialog, 'First', fields.firstName);
    await chooseField(dialog, 'Town', fields.email);
    expect(
      await within(dialog).findByText('Email is chosen for more than one column.'),
    ).toBeInTheDocument();
    expect(startButton(dialog)).toBeDisabled();

    await chooseField(dialog, 'Town', fields.state);
    await waitFor(() => expect(startButton(dialog)).toBeEnabled());
    expect(within(dialog).queryByText(/more than one column/)).not.toBeInTheDocument();
    // The preview follows the mapping: the Town column now fills State.
    expect(
      within(previewTable(dialog)).getByRole('columnheader', { name: fields.state }),
    ).toBeInTheDocument();
    expect(within(rowOf(previewTable(dialog), 2)).getByText('Portland')).toBeInTheDocument();
  });

  it("previews the rows as they will be saved, with each row's problems in the spec's words", async () => {
    const { dialog } = await openMapping();
    const table = previewTable(dialog);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      t.row,
      fields.email,
      fields.firstName,
      fields.lastName,
      fields.phone,
      fields.role,
      fields.status,
      fields.city,
      fields.country,
      t.problems,
    ]);
    const ada = within(rowOf(table, 2))
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(ada).toEqual([
      '2',
      'ada@example.org',
      'Ada',
      'Lovelace',
      '+15035550101',
      'Participant',
      'Active',
      'Portland',
      'United States',
      t.ready,
    ]);
    const bob = rowOf(table, 3);
    const emailProblem = within(bob).getByText('Email: Please enter a valid email address');
    expect(emailProblem).toHaveStyle({ color: palette.error.main });
    expect(
      within(bob).getByText('Phone: Phone number must be at least 10 digits'),
    ).toBeInTheDocument();
    expect(within(bob).queryByText(t.ready)).not.toBeInTheDocument();
    expect(
      within(rowOf(table, 4)).getByText('Email: The same email is on row 2 of this file'),
    ).toBeInTheDocument();
  });

  it("marks a host's staff rows: hosts import participants only", async () => {
    const hostFile: ImportPreview = {
      ...preview,
      columns: ['Email', 'First name', 'Last name', 'Role'],
      mapping: ['email', 'firstName', 'lastName', 'role'],
      rows: [{ row: 2, cells: ['h@example.org', 'Hal', 'Host', 'Host'] }],
    };
    openContacts(
      { 'POST /api/contacts/imports/preview': () => jsonResponse(200, { preview: hostFile }) },
      apiUser({ role: 'host' }),
    );
    const dialog = await chooseFile();
    expect(
      await within(dialog).findByText('Role: Hosts can import participants only'),
    ).toBeInTheDocument();
  });

  it('sends the same file with the mapping, the duplicate rule and the opt-in choice', async () => {
    let sent: FormData | undefined;
    const { dialog } = await openMapping({
      'POST /api/contacts/imports': (init) => {
        sent = init?.body as FormData;
        return jsonResponse(202, { import: { id: IMPORT_ID, status: 'queued' } });
      },
      [`GET /api/contacts/imports/${IMPORT_ID}`]: () =>
        jsonResponse(200, { import: contactImport({ status: 'queued', processed: 0 }) }),
    });
    await chooseField(dialog, 'Town', t.skipColumn);
    expect(within(dialog).getByRole('radio', { name: t.duplicateRules.skip })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: t.duplicateRules.update }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: t.sendOptin }));
    expect(within(dialog).getByText(t.sendOptinHelp)).toBeInTheDocument();
    fireEvent.click(startButton(dialog));

    expect(await within(dialog).findByText(t.statuses.queued)).toBeInTheDocument();
    expect((sent?.get('file') as File).name).toBe('walkers.csv');
    expect(JSON.parse(sent?.get('mapping') as string)).toEqual([
      'email',
      'firstName',
      'lastName',
      'phone',
      null,
    ]);
    expect(sent?.get('duplicates')).toBe('update');
    expect(sent?.get('sendOptin')).toBe('true');
  });

  it('says, once the opt-in box is ticked, how many requests the import may send', async () => {
    const { dialog } = await openMapping();
    const allowance =
      'You can send 37 more opt-in requests this hour (100 an hour): up to 37 new participants with a phone are asked. Numbers that opted out, were asked in the last 7 days or are outside United States and Canada are not.';
    expect(within(dialog).queryByText(allowance)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: t.sendOptin }));
    expect(within(dialog).getByText(allowance)).toBeInTheDocument();
  });

  it('says that an import sends no opt-in request when the hourly limit is used up', async () => {
    const { dialog } = await openMapping({
      'POST /api/contacts/imports/preview': () =>
        jsonResponse(200, {
          preview: { ...preview, optinAllowance: { ...preview.optinAllowance, remaining: 0 } },
        }),
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: t.sendOptin }));
    expect(
      within(dialog).getByText(
        'You have sent 100 opt-in requests in the last hour, the most allowed: this import sends none.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of the choices and stays on the mapping", async () => {
    const refusal = 'The mapping must give a field, or none, for each of the 5 columns.';
    const { dialog } = await openMapping({
      'POST /api/contacts/imports': () => jsonResponse(400, { error: refusal }),
    });
    fireEvent.click(startButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(startButton(dialog)).toBeEnabled();
  });

  it("goes back to the file step with 'Choose another file'", async () => {
    const { dialog } = await openMapping();
    fireEvent.click(within(dialog).getByRole('button', { name: t.chooseAnother }));
    expect(await within(dialog).findByRole('button', { name: t.chooseFile })).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Import contacts: progress and report', () => {
  /** Starts the import; the import's GET answers `answers` in turn, the last one from then on. */
  async function startImport(answers: ContactImport[], routes: Routes = {}) {
    let asked = 0;
    const rendered = await openMapping({
      'POST /api/contacts/imports': () =>
        jsonResponse(202, { import: { id: IMPORT_ID, status: 'queued' } }),
      [`GET /api/contacts/imports/${IMPORT_ID}`]: () =>
        jsonResponse(200, { import: answers[Math.min(asked++, answers.length - 1)] }),
      ...routes,
    });
    fireEvent.click(startButton(rendered.dialog));
    return rendered;
  }

  it('moves the progress bar with the counts, then shows the outcome and reloads the list', async () => {
    // The dialog asks for the import again every IMPORT_REFRESH_MS: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog, getList } = await startImport([contactImport(), finished]);
    const bar = await within(dialog).findByRole('progressbar', { name: '40 of 100 rows' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByText(t.statuses.running)).toBeInTheDocument();
    expect(within(dialog).getByText('38 created, 0 updated, 2 not imported')).toBeInTheDocument();
    expect(within(dialog).getByText(t.closeHint)).toBeInTheDocument();
    const listLoads = getList.mock.calls.length;

    await act(() => vi.advanceTimersByTimeAsync(IMPORT_REFRESH_MS));
    expect(await within(dialog).findByText(t.statuses.done)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: '100 of 100 rows' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(dialog).getByText('95 created, 2 updated, 3 not imported')).toBeInTheDocument();
    const problems = within(dialog).getByRole('region', { name: t.problems });
    expect(
      within(problems).getByText('Row 3, Email: Please enter a valid email address'),
    ).toBeInTheDocument();
    expect(
      within(problems).getByText('Row 7, Phone: Phone number must be at least 10 digits'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(t.closeHint)).not.toBeInTheDocument();
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(listLoads));

    fireEvent.click(within(dialog).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('counts the opt-in requests queued and those the limits held back', async () => {
    const { dialog } = await startImport([
      { ...finished, sendOptin: true, optinsQueued: 37, optinsWithheld: 58 },
    ]);
    expect(
      await within(dialog).findByText(
        '37 opt-in requests queued; 58 not sent (the number opted out, was asked in the last 7 days or is abroad, or the hourly limit was reached).',
      ),
    ).toBeInTheDocument();
  });

  it('shows why a failed import stopped', async () => {
    const stopped = contactImport({
      status: 'failed',
      skipped: 0,
      error:
        'The import stopped at row 41: This file could not be read as an Excel workbook (.xlsx).',
    });
    const { dialog } = await startImport([stopped]);
    expect(await within(dialog).findByText(t.statuses.failed)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(stopped.error as string);
    expect(
      within(dialog).queryByRole('button', { name: t.downloadReport }),
    ).not.toBeInTheDocument();
  });

  it("downloads the report of the rows not imported with the session's token", async () => {
    let reportHeaders: Headers | undefined;
    const { dialog } = await startImport([finished], {
      [`GET /api/contacts/imports/${IMPORT_ID}/report`]: (init) => {
        reportHeaders = new Headers(init?.headers);
        return new Response(
          'Email,Row,Reason\nnot-an-email,3,Please enter a valid email address\n',
          {
            status: 200,
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="walkers-not-imported.csv"',
            },
          },
        );
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(await within(dialog).findByRole('button', { name: t.downloadReport }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(reportHeaders?.get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
    const saved = vi.mocked(URL.createObjectURL).mock.calls.at(-1)?.[0] as Blob;
    expect(String(saved)).toBe('[object Blob]');
    expect(await saved.text()).toContain('not-an-email,3,Please enter a valid email address');
    const link = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(link.download).toBe('walkers-not-imported.csv');
    click.mockRestore();
  });

  it('says so when the report cannot be downloaded', async () => {
    const { dialog } = await startImport([finished], {
      [`GET /api/contacts/imports/${IMPORT_ID}/report`]: () =>
        jsonResponse(500, { error: 'Internal Server Error' }),
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: t.downloadReport }));
    expect(await screen.findByText(t.reportFailed)).toBeInTheDocument();
  });
});

describe('Imports in progress on the contacts list', () => {
  it('shows each import under way; Show opens its progress; the list reloads when it ends', async () => {
    // The list asks for the imports under way every IMPORTS_UNDER_WAY_REFRESH_MS: the fake clock
    // makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = contactImport({ total: 1000, processed: 250 });
    // An import's full answer holds its summary: the list's answer is the same fields.
    let underWay: ContactImportSummary[] = [running];
    const { getList } = openContacts({
      'GET /api/contacts/imports': () => jsonResponse(200, { imports: underWay }),
      [`GET /api/contacts/imports/${IMPORT_ID}`]: () => jsonResponse(200, { import: running }),
    });
    const text = 'Importing walkers.csv: 250 of 1,000 rows';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: text })).toHaveAttribute('aria-valuenow', '25');

    fireEvent.click(screen.getByRole('button', { name: t.show }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    expect(
      await within(dialog).findByRole('progressbar', { name: '250 of 1,000 rows' }),
    ).toHaveAttribute('aria-valuenow', '25');
    expect(within(dialog).getByText(t.statuses.running)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const listLoads = getList.mock.calls.length;
    underWay = [];
    await act(() => vi.advanceTimersByTimeAsync(IMPORTS_UNDER_WAY_REFRESH_MS));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(listLoads));
  });

  it('shows nothing when no import is under way', async () => {
    const { api } = openContacts();
    await screen.findByText('Maria Rivera');
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith('/api/contacts/imports'))).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('button', { name: t.show })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
