import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import HelpPage from '../../src/admin/help/HelpPage';
import { HELP_VALUES } from '../../src/admin/help/helpValues';
import { LIMITS } from '../../src/shared/constants';
import { OPT_OUT_KEYWORDS } from '../../src/shared/keywords';
import { messages } from '../../src/shared/messages';
import { SEGMENT_LIMITS } from '../../src/shared/sms';
import { jsonResponse, renderConsole, renderScreen, signIn } from './helpers';

/**
 * The Help page, signed in; in the whole console when `whole`, for a test that follows a link to
 * another screen.
 */
async function showHelp({ whole = false } = {}) {
  signIn({ 'GET /api/programs': () => jsonResponse(200, { programs: [], total: 0 }) });
  if (whole) renderConsole('/help');
  else renderScreen(<HelpPage />, { path: '/help' });
  return screen.findByRole('article', { name: messages.help.title });
}

/** The section under the level-2 heading `name`: everything up to the next one. */
function sectionText(page: HTMLElement, name: string): string {
  const heading = within(page).getByRole('heading', { level: 2, name });
  let text = '';
  for (let node = heading.nextElementSibling; node && node.tagName !== 'H2';) {
    text += `${node.textContent} `;
    node = node.nextElementSibling;
  }
  return text;
}

describe('/help', () => {
  it('shows its title, an introduction and its sections as headings', async () => {
    const page = await showHelp();
    expect(
      within(page).getByRole('heading', { level: 1, name: messages.help.title }),
    ).toBeVisible();
    expect(page).toHaveTextContent(/^Help\s*Tidings sends text and picture messages/);
    const sections = within(page)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        'Products: the message series',
        'Programs and their schedule',
        'Opting in and out',
        'Message length and segments',
        'Quiet hours and the delivery cutoff',
        'What each message status means',
      ]),
    );
  });

  it('links its table of contents to the sections', async () => {
    const page = await showHelp();
    const contents = within(page).getByRole('navigation', { name: messages.help.contents });
    const link = within(contents).getByRole('link', {
      name: 'Quiet hours and the delivery cutoff',
    });
    const id = link.getAttribute('href')!.slice(1);
    expect(
      within(page).getByRole('heading', { level: 2, name: link.textContent! }),
    ).toHaveAttribute('id', id);
    expect(within(contents).getAllByRole('link')).toHaveLength(
      within(page).getAllByRole('heading', { level: 2 }).length,
    );
  });

  it('quotes the limits that src/shared sets', async () => {
    const page = await showHelp();
    const length = sectionText(page, 'Message length and segments');
    expect(length).toContain(`at most ${LIMITS.messageText} characters`);
    expect(length).toContain(`${SEGMENT_LIMITS['UCS-2'].single} characters in one segment`);
    expect(sectionText(page, 'Pictures and videos')).toContain(
      `up to ${HELP_VALUES['MEDIA.videoSize']} and ${LIMITS.videoSeconds} seconds`,
    );
    // No placeholder is left unfilled.
    expect(page.textContent).not.toMatch(/\{\{|\}\}/);
  });

  it('lists the opt-out keywords and what each message status means', async () => {
    const page = await showHelp();
    const optOut = within(page)
      .getByText(/^To opt out:/)
      .closest('li')!;
    for (const word of OPT_OUT_KEYWORDS) {
      expect(within(optOut).getByText(word, { selector: 'strong' })).toBeInTheDocument();
    }
    const statuses = sectionText(page, 'What each message status means');
    expect(statuses).toContain(
      `${messages.delivery.statuses.expired}: ${messages.delivery.statusHelp.expired}`,
    );
  });

  it('opens a console screen from its text without leaving the app', async () => {
    const page = await showHelp({ whole: true });
    const link = within(page).getAllByRole('link', { name: 'Programs' })[0]!;
    expect(link).toHaveAttribute('href', '/programs');
    await userEvent.setup().click(link);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/programs'));
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.programs.title }),
    ).toBeInTheDocument();
  });
});
