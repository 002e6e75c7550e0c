import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import CarrierRegistrationPage from '../../src/admin/help/CarrierRegistrationPage';
import type { ApiCarrierRegistration } from '../../src/shared/responses/carrier';
import { messages } from '../../src/shared/messages';
import { renderConsole, renderScreen, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';

/** Help > Carrier registration (issue 26): GET /api/carrier-registration as blocks to copy. */
const t = messages.carrierRegistration;
const PROGRAM_ID = '7d3b1e52-3f5c-4c8e-9d43-0a1b2c3d4e5f';

const base: ApiCarrierRegistration = {
  brand: 'Tidings',
  optinFlow: {
    request: 'Tidings: Hi [first name]! Reply JOIN to receive our messages.',
    keyword: 'JOIN',
    confirmation: "Tidings: You're in!",
  },
  keywords: [
    { reading: 'optin', language: 'en', keywords: ['JOIN', 'START'] },
    { reading: 'optout', language: 'en', keywords: ['STOP', 'QUIT'] },
    { reading: 'optout', language: 'es', keywords: ['ALTO'] },
    { reading: 'help', language: 'en', keywords: ['HELP'] },
  ],
  replies: {
    optin: "Tidings: You're in!",
    optout: "Tidings: You're unsubscribed.",
    help: 'Tidings: 1 message a day. Questions? +15032345678.',
  },
  links: { days: [], replies: [] },
  phoneNumbers: { days: [], replies: ['help'] },
  program: null,
};

const withProgram: ApiCarrierRegistration = {
  ...base,
  optinFlow: { ...base.optinFlow, confirmation: "Tidings: You're in! From Spring Steps." },
  links: { days: [2, 5], replies: [] },
  program: {
    id: PROGRAM_ID,
    programName: 'Spring Steps',
    productName: 'Morning Walks',
    productDays: 4,
    description: 'Tidings sends the participants of the program "Spring Steps"...',
    frequency: 'Up to 1 message a day: 6 messages over 6 days.',
    messageCount: 6,
    samples: [
      {
        day: 0,
        kind: 'pre',
        body: 'Tidings: Welcome! Reply STOP to opt out.',
        mediaUrl: null,
        brand: true,
        optOut: true,
      },
      {
        day: 3,
        kind: 'daily',
        body: 'Day 3: the park\nhttps://tid.gs/park',
        mediaUrl: 'https://tidings.example.org/media/park.png',
        brand: false,
        optOut: false,
      },
    ],
  },
};

/** The data calls of the page, with the base registration or a program's. */
function registrationProvider() {
  const getCarrierRegistration = vi.fn(async (programId: string | null) =>
    programId ? withProgram : base,
  );
  const dataProvider = {
    ...fakeDataProvider(),
    getList: vi.fn(async () => ({
      data: [{ id: PROGRAM_ID, programName: 'Spring Steps' }],
      total: 1,
    })),
    getMany: vi.fn(async () => ({ data: [{ id: PROGRAM_ID, programName: 'Spring Steps' }] })),
    getCarrierRegistration,
  };
  return dataProvider;
}

/** Help > Carrier registration at `path`, signed in. */
function open(path: string) {
  const dataProvider = registrationProvider();
  signIn();
  renderScreen(<CarrierRegistrationPage />, { path, dataProvider });
  return dataProvider;
}

const section = (name: string) => screen.findByRole('region', { name });
/** A block's text, by its caption. */
const block = (name: string) =>
  screen.getByRole('figure', { name }).querySelector('pre')!.textContent;
/** The text of a section that is one text, by its title. */
const sectionText = (name: string) =>
  screen.getByRole('region', { name }).querySelector('pre')!.textContent;

describe('/help/carrier-registration', () => {
  it('shows the opt-in flow, keywords and replies before a program is chosen', async () => {
    const dataProvider = open('/help/carrier-registration');
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
    expect(dataProvider.getCarrierRegistration).toHaveBeenCalledWith(null);
    await section(t.sections.optinFlow);
    expect(screen.getByText(t.chooseProgram)).toBeInTheDocument();
    expect(block(t.optinRequest)).toBe(base.optinFlow.request);
    expect(block(t.sections.optinFlow)).toBe(
      [
        t.optinFlow,
        base.optinFlow.request,
        t.optinReply.replace('%{keyword}', 'JOIN'),
        base.optinFlow.confirmation,
      ].join('\n'),
    );
    expect(block(t.keywordsOf.optout)).toBe('English: STOP, QUIT\nSpanish: ALTO');
    expect(block(t.replies.help)).toBe(base.replies.help);
    expect(sectionText(t.sections.content)).toBe(
      'Embedded links: no.\nPhone numbers: yes, in the help reply.',
    );
    expect(screen.queryByRole('region', { name: t.sections.samples })).not.toBeInTheDocument();
  });

  it("fills in the chosen program's description, frequency and samples", async () => {
    const dataProvider = open(`/help/carrier-registration?programId=${PROGRAM_ID}`);
    const samples = await section(t.sections.samples);
    expect(dataProvider.getCarrierRegistration).toHaveBeenCalledWith(PROGRAM_ID);
    expect(sectionText(t.sections.description)).toBe(withProgram.program!.description);
    expect(sectionText(t.sections.frequency)).toBe(withProgram.program!.frequency);
    expect(block('Pre-message (Day 0)')).toBe('Tidings: Welcome! Reply STOP to opt out.');
    expect(block('Day 3')).toBe('Day 3: the park\nhttps://tid.gs/park');
    expect(
      within(samples).getByText(
        'Does not name Tidings · Does not say how to opt out · Picture message (MMS); the picture is at https://tidings.example.org/media/park.png',
      ),
    ).toBeInTheDocument();
    // Day 5 is the conclusion of a 4-day product.
    expect(sectionText(t.sections.content)).toContain(
      'Embedded links: yes, in Day 2 and Conclusion (Day 5).',
    );
    expect(within(samples).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the samples are too few, or none names the brand and how to stop', async () => {
    const one = withProgram.program!.samples[1]!;
    const getCarrierRegistration = vi.fn(async () => ({
      ...withProgram,
      program: { ...withProgram.program!, samples: [one] },
    }));
    signIn();
    renderScreen(<CarrierRegistrationPage />, {
      path: `/help/carrier-registration?programId=${PROGRAM_ID}`,
      dataProvider: {
        ...fakeDataProvider(),
        getMany: vi.fn(async () => ({ data: [{ id: PROGRAM_ID, programName: 'Spring Steps' }] })),
        getList: vi.fn(async () => ({ data: [], total: 0 })),
        getCarrierRegistration,
      },
    });
    const samples = await section(t.sections.samples);
    expect(within(samples).getByText(t.fewSamples.replace('%{min}', '2'))).toBeInTheDocument();
    expect(
      within(samples).getByText(t.samplesWithoutBrand.replace('%{brand}', 'Tidings')),
    ).toBeInTheDocument();
  });

  it('copies a block to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    open('/help/carrier-registration');
    await section(t.sections.optinFlow);
    await user.click(
      screen.getByRole('button', { name: t.copyLabel.replace('%{what}', t.optinRequest) }),
    );
    expect(writeText).toHaveBeenCalledWith(base.optinFlow.request);
    expect(await screen.findByText(t.copied)).toBeInTheDocument();
    // A section that is one text has its button beside its title.
    await user.click(
      screen.getByRole('button', {
        name: t.copyLabel.replace('%{what}', t.sections.content),
      }),
    );
    expect(writeText).toHaveBeenLastCalledWith(
      'Embedded links: no.\nPhone numbers: yes, in the help reply.',
    );
  });

  // Help and the link it follows: the whole console.
  it('is linked from the Help page', async () => {
    await import('../../src/admin/help/HelpPage');
    signIn();
    renderConsole('/help', { dataProvider: registrationProvider() as never });
    const link = await screen.findByRole('link', { name: /Carrier\s+registration/ });
    expect(link).toHaveAttribute('href', '/help/carrier-registration');
    await userEvent.setup().click(link);
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe('/help/carrier-registration'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeVisible();
  });
});
