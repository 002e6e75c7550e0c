import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { emptyDeliveries } from './messages-helpers';
import { contactId, contactProvider, renderContacts } from './conversation-helpers';
import { signIn } from './helpers';
import { openProgram, program, programsProvider } from './programs-helpers';

/** The consent reports' download buttons (issue 26): a contact's, and a program's. */
const t = messages.consentReport;

const file = (filename: string) => async () => ({
  blob: new Blob([`${Object.values(t.columns).join(',')}\r\n`], { type: 'text/csv' }),
  filename,
});

let click: ReturnType<typeof vi.spyOn>;
let createObjectURL: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom has no object URLs; the download goes through one, then a link's click.
  createObjectURL = vi.fn(() => 'blob:consent');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  click.mockRestore();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** The anchor the download was handed to, and the name it saves under. */
const savedAs = () => (click.mock.contexts.at(-1) as HTMLAnchorElement).download;

describe("the contact's Consent history card", () => {
  function open(download: () => Promise<{ blob: Blob; filename: string }>) {
    const dataProvider = {
      ...contactProvider(),
      downloadContactConsentCsv: vi.fn(download),
    };
    signIn();
    renderContacts(`/contacts/${contactId}`, dataProvider);
    return dataProvider;
  }
  const card = () => screen.findByRole('region', { name: messages.conversations.history.title });

  it("downloads the contact's consent log as CSV", async () => {
    const dataProvider = open(file('consent-maria-garcia-2027-03-14.csv'));
    fireEvent.click(await within(await card()).findByRole('button', { name: t.download }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(dataProvider.downloadContactConsentCsv).toHaveBeenCalledWith(contactId);
    expect(createObjectURL).toHaveBeenCalled();
    expect(savedAs()).toBe('consent-maria-garcia-2027-03-14.csv');
  });

  it("says why when the download fails, in the server's words", async () => {
    open(async () => {
      throw new HttpError('refused', 429, {
        error: serverTexts.server.tooManyHeavy.replace('%{max}', '2'),
      });
    });
    fireEvent.click(await within(await card()).findByRole('button', { name: t.download }));
    expect(
      await screen.findByText(serverTexts.server.tooManyHeavy.replace('%{max}', '2')),
    ).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });
});

describe("the program's Deliveries panel", () => {
  function open(download: () => Promise<{ blob: Blob; filename: string }>) {
    const stored = program();
    const dataProvider = {
      ...programsProvider(stored),
      getProgramDeliveries: vi.fn(async () => emptyDeliveries),
      downloadProgramConsentCsv: vi.fn(download),
    };
    openProgram(`/programs/${stored.id}`, dataProvider);
    return { dataProvider, stored };
  }
  const panel = () => screen.findByRole('region', { name: messages.delivery.panel.title });

  it("downloads the consent report of the program's participants", async () => {
    const { dataProvider, stored } = open(file('consent-spring-walks-2027-03-14.csv'));
    fireEvent.click(await within(await panel()).findByRole('button', { name: t.downloadProgram }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(dataProvider.downloadProgramConsentCsv).toHaveBeenCalledWith(stored.id);
    expect(savedAs()).toBe('consent-spring-walks-2027-03-14.csv');
  });

  it('says the download failed when the server gave no reason', async () => {
    open(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(await within(await panel()).findByRole('button', { name: t.downloadProgram }));
    expect(await screen.findByText(t.failed)).toBeInTheDocument();
  });
});
