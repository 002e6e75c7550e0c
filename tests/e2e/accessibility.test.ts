import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { ApiContactEnrollment } from '../../src/shared/responses/programs';
import { addDays, wallClock } from '../../src/shared/schedule';
import { startServer, type RunningServer } from '../helpers/server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { signInToApi, type StaffApi } from './helpers/api';
import { launchChromium } from './helpers/browser';
import { seedDemo } from './helpers/demo';
import { signIn } from './helpers/session';

/**
 * WCAG 2.2 AA in the browser: axe-core checks every screen of the console, empty and with the
 * demo data, and every record and dialog those screens open, at a desktop width; and the screens
 * again at a width that folds the menu into the hamburger drawer. Any violation, of any impact,
 * fails with its rule, impact, element and state.
 */

const ADMIN = { ADMIN_EMAIL: 'ada@example.org', ADMIN_PASSWORD: 'an accessible password' };
/** The success criteria of WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const WIDTHS = [1280, 900] as const;
const [DESKTOP] = WIDTHS;
/**
 * What AxeBuilder evaluates before each check in place of axe-core's 650 KB: axe-core is already
 * in the page, put into each document as it loads (see beforeAll). Evaluated twice per check, the
 * source was most of a small page's check.
 */
const AXE_LOADED = "if (!window.axe) throw new Error('axe-core was not loaded with the page');";
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A phase checks dozens of states, each a page load and an axe run; a first start creates a database. */
const PHASE_TIMEOUT_MS = 600_000;

let emptyDir: string;
let demoDir: string;
/** The demo data, written while the empty database is checked (each has its own directory). */
let demoSeeded: Promise<void>;
let baseUrl: string;
let server: RunningServer;
let browser: Browser;
/** Where the demo phase's webhook endpoint sends, so its page has a log. */
let receiver: WebhookReceiver | undefined;
const pages = new Map<number, Page>();
const found: string[] = [];
let statesChecked = 0;

/** What a user sees in one state, and how to bring it about from the page as it stands. */
interface State {
  name: string;
  /** Opened by its address (a full page load), unless the state continues from the one before. */
  path?: string;
  /** Waits for what proves the state is on screen, or brings it about (opens a dialog). */
  ready?: (page: Page) => Promise<void>;
  /** Only at this width (the drawer exists only when the menu is folded). */
  width?: number;
}

const t = messages;

/** Starts the server on a data directory. */
async function startOn(dataDir: string) {
  // Beside the demo's seeding, a first start may take longer than usual.
  // Loopback allowed: the webhook endpoint whose log is checked is this machine's receiver.
  server = await startServer(
    { ...ADMIN, DATA_DIR: dataDir, WEBHOOK_ALLOW_LOOPBACK: 'true' },
    { startTimeoutMs: 180_000 },
  );
  baseUrl = server.url;
}

/** Nothing is loading any more: no spinner, no 'Loading...' and no skeleton in the page. */
async function settled(page: Page) {
  await page.waitForFunction(
    (loading) =>
      !document.querySelector('.MuiCircularProgress-root, .MuiSkeleton-root') &&
      !document.body.innerText.includes(loading),
    t.app.loading,
  );
}

/**
 * Waits until what is on screen has finished changing: dialogs, drawers and notices have come in
 * (their transitions end opaque, which a transition not yet started does not show as running), and
 * no colour, opacity or movement is under way anywhere (a label taking its colour, a notice fading
 * in). axe measures the colours on screen, and a half-finished transition has colours the page
 * never keeps. Endless animations (a spinner) are left to `settled`.
 */
async function transitionsDone(page: Page) {
  await page.waitForFunction(
    () =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '.MuiDialog-container, .MuiDrawer-paper, .MuiSnackbarContent-root',
        ),
      ].every((element) => {
        const style = getComputedStyle(element);
        return style.opacity === '1' && (style.transform === 'none' || style.transform === '');
      }) &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
  );
}

/** A problem, kept for the phase's verdict and printed at once (a phase runs for a while). */
function report(problem: string) {
  found.push(problem);
  console.log(problem);
}

/**
 * Opens a path of the console. Once the console is loaded, the way a user moves in it: the router
 * goes there without loading the page again (a full load of the console per state was most of this
 * file's time). Otherwise, or for a page outside the console's router, a full load.
 */
async function open(page: Page, target: string) {
  // A dialog or drawer left open would stay over the next screen: a user would close it; a full
  // load does.
  const inConsole =
    page.url().startsWith(baseUrl) &&
    (await page.evaluate(
      () =>
        Boolean(document.getElementById('root')?.childElementCount) &&
        !document.querySelector('[role="dialog"], [role="presentation"]'),
    ));
  if (!inConsole) {
    await page.goto(`${baseUrl}${target}`);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
  // Lists add their parameters to the address: the path is what was asked for.
  const pathname = new URL(target, baseUrl).pathname;
  await page.waitForURL((url) => url.pathname === pathname);
}

async function check(page: Page, width: number, phase: string, state: State) {
  const label = `${phase} ${state.name} at ${width} px`;
  try {
    // The pointer rests where the last click left it: a tooltip under it would come and go with
    // timing. Away from the page's controls, every state is checked as it stands.
    await page.mouse.move(0, 0);
    if (state.path) await open(page, state.path);
    await state.ready?.(page);
    await settled(page);
    await transitionsDone(page);
  } catch (error) {
    // The states after it are still checked; this one fails the run.
    report(`${label}: not reached (${(error as Error).message.split('\n')[0]})`);
    return;
  }
  // Legacy mode: axe-core runs in the page. Otherwise it opens a blank page for every check to put
  // the results of frames together, which took as long again. Legacy mode skips only frames from
  // another origin, and the console has no frames at all.
  const analyze = async () =>
    (await new AxeBuilder({ page, axeSource: AXE_LOADED }).withTags(TAGS).setLegacyMode().analyze())
      .violations;
  let violations = await analyze();
  // A transition that began after the wait (a label taking its colour as the form's data arrived)
  // has colours the page never keeps: contrast is measured again once it has ended, and what the
  // page keeps is reported. A colour that fails at rest fails both times.
  if (violations.some((violation) => violation.id === 'color-contrast')) {
    await transitionsDone(page);
    violations = await analyze();
  }
  statesChecked += 1;
  for (const violation of violations) {
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
    const more = violation.nodes.length > 5 ? ` and ${violation.nodes.length - 5} more` : '';
    // axe's own words on the first element, e.g. the size it measured.
    const why = violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '';
    report(
      `${label}: ${violation.id} (${violation.impact}) ${violation.help}: ${targets.join(', ')}${more} (${why})`,
    );
  }
}

/**
 * States checked at the desktop width only: records and dialogs. At 900 px the signed-out pages,
 * each screen of the menu and the drawer are checked; what changes there is the frame around the
 * content (the menu folds away), and a record or dialog puts the same content in it.
 */
const atDesktop = (states: State[]): State[] =>
  states.map((state) => ({ ...state, width: state.width ?? DESKTOP }));

/** Each width in its own page, both at once: a state waits on the server and the page much of its time. */
async function checkAll(phase: string, states: State[]) {
  await Promise.all(
    WIDTHS.map(async (width) => {
      const page = pages.get(width)!;
      for (const state of states) {
        if (!state.width || state.width === width) await check(page, width, phase, state);
      }
    }),
  );
}

const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first().waitFor();
const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first().waitFor();
const dialog = (page: Page) => page.getByRole('dialog');

/** Opens a dialog with the button of that name (the first one) and waits for it. */
const openWith = (button: string | RegExp, then?: (page: Page) => Promise<void>) => {
  return async (page: Page) => {
    await page.getByRole('button', { name: button }).first().click();
    await dialog(page).first().waitFor();
    await then?.(page);
  };
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await dialog(page).first().waitFor({ state: 'detached' });
};

/** The pages anyone may open, signed out: sign-in, forgot password, and the two email links. */
const signedOut: State[] = [
  { name: 'sign-in', path: '/login', ready: heading(t.login.title) },
  {
    name: 'sign-in refused',
    ready: async (page) => {
      await page.getByLabel(t.login.email).fill('nobody@example.org');
      await page.getByLabel(t.login.password).fill('wrong password');
      await page.getByRole('button', { name: t.login.submit }).click();
      await page.getByText(t.auth.invalidCredentials).waitFor();
    },
  },
  { name: 'forgot password', path: '/forgot-password', ready: heading(t.forgotPassword.title) },
  {
    name: 'verify email, bad link',
    path: '/verify-email?token=not-a-token',
    ready: text(t.verifyEmail.returnToLogin),
  },
  {
    name: 'set password',
    path: `/set-password?userId=${NO_SUCH_ID}&token=not-a-token`,
    ready: heading(t.setPassword.title),
  },
  {
    name: 'set password, no user',
    path: '/set-password',
    ready: text(t.setPassword.missingUser),
  },
];

/** The menu at 900 px is a drawer behind the hamburger button. */
const drawer: State = {
  name: 'menu drawer',
  width: 900,
  ready: async (page) => {
    await page.getByRole('button', { name: t.nav.openMenu }).click();
    await page.getByRole('link', { name: t.nav.pods }).waitFor();
  },
};

/** Screens whose record does not exist. */
const notFound: State[] = [
  { name: 'program not found', path: `/programs/edit/${NO_SUCH_ID}` },
  { name: 'product not found', path: `/products/edit/${NO_SUCH_ID}` },
  { name: 'contact not found', path: `/contacts/${NO_SUCH_ID}` },
  { name: 'pod not found', path: `/pods/${NO_SUCH_ID}` },
  { name: 'message not found', path: `/messages/${NO_SUCH_ID}` },
].map((state) => ({ ...state, ready: text(/not found/i) }));

/** The screens of the menu and their create forms, as they are on the database of the phase. */
const screens: State[] = [
  { name: 'dashboard', path: '/dashboard', ready: heading(/^Hello/) },
  { name: 'programs', path: '/programs', ready: heading(t.programs.title) },
  { name: 'create program', path: '/programs/create', ready: heading(t.programs.createTitle) },
  { name: 'products', path: '/products', ready: heading(t.products.title) },
  { name: 'create product', path: '/products/create', ready: heading(t.products.createTitle) },
  { name: 'contacts', path: '/contacts', ready: heading(t.contacts.title) },
  { name: 'create contact', path: '/contacts/create', ready: heading(t.contacts.createTitle) },
  { name: 'pods', path: '/pods', ready: heading(t.pods.title) },
  { name: 'outbox', path: '/messages', ready: heading(t.delivery.title) },
  { name: 'replies', path: '/inbound-messages', ready: heading(t.replies.title) },
  {
    name: 'analytics',
    path: '/analytics',
    ready: heading(t.analytics.title),
  },
  { name: 'profile', path: '/profile', ready: heading(t.profile.sessions.title) },
  { name: 'help', path: '/help', ready: heading(t.help.title) },
  {
    name: 'carrier registration',
    path: '/help/carrier-registration',
    ready: heading(t.carrierRegistration.sections.optinFlow),
  },
];

/** A CSV whose preview shows ready rows and rows with problems. */
const importFile = {
  name: 'people.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Email,First name,Last name,Phone,Role',
      'ana.lima@example.org,Ana,Lima,(503) 555-0190,Participant',
      'not-an-email,Bad,Row,555-01,Participant',
      'ben.ode@example.org,Ben,Ode,,Host',
    ].join('\r\n'),
  ),
};

const importDialog: State[] = [
  {
    name: 'import contacts: choose a file',
    path: '/contacts',
    ready: openWith(t.contactImport.open),
  },
  {
    name: 'import contacts: columns and preview',
    ready: async (page) => {
      await dialog(page).locator('input[type="file"]').setInputFiles(importFile);
      await dialog(page).getByText(t.contactImport.ready).first().waitFor();
    },
  },
];

/** The API keys page: its New API key dialog refusing an empty name, a new key's secret, Revoke. */
const apiKeyStates: State[] = [
  { name: 'API keys', path: '/api-keys', ready: heading(t.apiKeys.title) },
  { name: 'new API key', ready: openWith(t.apiKeys.create) },
  {
    name: 'new API key: refused',
    ready: async (page) => {
      await dialog(page).getByRole('button', { name: t.apiKeys.create }).click();
      await dialog(page).getByText(t.apiKeys.nameRequired).waitFor();
    },
  },
  {
    name: 'new API key: its secret',
    ready: async (page) => {
      await dialog(page).getByLabel(t.apiKeys.fields.name).fill('Scan key');
      await dialog(page).getByRole('button', { name: t.apiKeys.create }).click();
      await page.getByRole('dialog', { name: t.apiKeys.secretTitle }).waitFor();
    },
  },
  {
    name: 'revoke API key',
    ready: async (page) => {
      await page.getByRole('button', { name: t.apiKeys.done }).click();
      await dialog(page).first().waitFor({ state: 'detached' });
      await openWith(/^Revoke Scan key/)(page);
    },
  },
];

/** The webhooks list with no endpoint yet. */
const noWebhooks: State = {
  name: 'webhooks, none',
  path: '/webhooks',
  ready: text(t.webhooks.empty),
};

/**
 * The webhooks list with `description`'s endpoint, the Add endpoint dialog refusing an empty form,
 * a new endpoint's secret, then the endpoint `id` with its delivery log, and its Rotate secret and
 * Delete confirmations.
 */
const webhookStates = (id: string, description: string): State[] => [
  { name: 'webhooks', path: '/webhooks', ready: text(description) },
  { name: 'add webhook endpoint', ready: openWith(t.webhooks.create) },
  {
    name: 'add webhook endpoint: refused',
    ready: async (page) => {
      await dialog(page).getByRole('button', { name: t.webhooks.create }).click();
      await dialog(page).getByText(t.webhooks.urlRequired).waitFor();
    },
  },
  {
    name: 'add webhook endpoint: its secret',
    ready: async (page) => {
      await dialog(page)
        .getByRole('textbox', { name: t.webhooks.fields.url })
        .fill('https://example.org/scan');
      await dialog(page).getByRole('checkbox', { name: 'message.sent' }).check();
      await dialog(page).getByRole('button', { name: t.webhooks.create }).click();
      await page.getByRole('dialog', { name: t.webhooks.secretTitle }).waitFor();
    },
  },
  {
    name: 'webhook endpoint and its log',
    path: `/webhooks/${id}`,
    ready: async (page) => {
      const log = page.getByRole('region', { name: t.webhooks.log.title });
      await log.getByText(t.webhooks.log.succeeded).waitFor();
      await page.getByText(t.webhooks.previousSecretUntil.split('%{at}')[0]!).waitFor();
    },
  },
  { name: 'rotate webhook secret', ready: openWith(t.webhooks.rotate) },
  {
    name: 'delete webhook endpoint',
    ready: async (page) => {
      await closeDialog(page);
      await openWith(t.webhooks.delete)(page);
    },
  },
];

/**
 * An endpoint at this machine's receiver with a log of a delivered test event and a refused one
 * (waiting for its next try), and a rotated secret, so its page shows the notice of the old
 * secret, a failing status, and a call that succeeded beside calls that failed.
 */
async function webhookWithLog(staff: StaffApi) {
  receiver = await startWebhookReceiver();
  let calls = 0;
  // The first call is delivered, every later one refused.
  receiver.answer = () => ({ status: (calls += 1) === 1 ? 204 : 503 });
  const description = 'Scan receiver';
  const { webhook } = await staff.call<{ webhook: { id: string } }>('POST', '/api/webhooks', {
    url: `${receiver.url}/tidings`,
    description,
    events: ['message.sent', 'message.delivered', 'contact.created'],
  });
  for (const made of [1, 2]) {
    await staff.call('POST', `/api/webhooks/${webhook.id}/test`, undefined, 202);
    await expect
      .poll(
        async () =>
          (
            await staff.call<{ total: number }>(
              'GET',
              `/api/webhooks/${webhook.id}/attempts?page=1&perPage=1`,
            )
          ).total,
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(made);
  }
  await staff.call('POST', `/api/webhooks/${webhook.id}/rotate-secret`);
  return { id: webhook.id, description };
}

/** The first page of a list from the API, as the console's lists would show it. */
async function listOf<T>(staff: StaffApi, list: string, query = ''): Promise<T[]> {
  const body = await staff.call<Record<string, T[]>>(
    'GET',
    `/api/${list}?page=1&perPage=100${query}`,
    undefined,
    200,
  );
  return Object.values(body).find(Array.isArray)!;
}

const signInThroughApi = () => signInToApi(baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);

/**
 * A participant in a pod of their own, and a rolling program of the product on it whose enrollment
 * ends two weeks on: the program's form shows its Enrollment fields filled, the participant's page
 * their enrollment in its Programs panel. Waits until the engine has enrolled them.
 */
async function rollingEnrollment(staff: StaffApi, productId: string) {
  const { contact } = await staff.call<{ contact: { id: string } }>('POST', '/api/contacts', {
    email: 'rolf.rolling@example.org',
    firstName: 'Rolf',
    lastName: 'Rolling',
    phone: '+12065550142',
    role: 'participant',
    status: 'active',
    smsVerified: true,
  });
  const { pod } = await staff.call<{ pod: { id: string } }>('POST', '/api/pods', {
    podId: 'POD-ROLLING',
    podName: 'Rolling starters',
    members: [{ userId: contact.id, role: 'participant' }],
  });
  const zone = 'America/Los_Angeles';
  const { date: today } = wallClock(new Date(), zone);
  const program = await staff.call<{ id: string }>('POST', '/api/programs', {
    programName: 'Rolling starters',
    productId,
    offering: 'Standard',
    timeZone: zone,
    podIds: [pod.id],
    // Running since yesterday, so the engine enrolls at once (its day 0 is their next 09:00).
    startDate: addDays(today, -1),
    sendTime: '09:00',
    enrollment: 'rolling',
    enrollmentEndsOn: addDays(today, 14),
  });
  await expect
    .poll(
      async () =>
        (
          await staff.call<{ enrollments: ApiContactEnrollment[] }>(
            'GET',
            `/api/contacts/${contact.id}/enrollments`,
          )
        ).enrollments.length,
      { timeout: 60_000 },
    )
    .toBe(1);
  return { contactId: contact.id, programId: program.id };
}

beforeAll(async () => {
  emptyDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-e2e-a11y-empty-'));
  demoDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-e2e-a11y-demo-'));
  await startOn(emptyDir);
  demoSeeded = seedDemo(demoDir, ADMIN);
  browser = await launchChromium();
  for (const width of WIDTHS) {
    // Each width signs in with a session of its own.
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript({ content: axe.source });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    pages.set(width, page);
  }
}, PHASE_TIMEOUT_MS);

afterAll(async () => {
  console.log(`Accessibility: ${statesChecked} states checked (axe-core, ${TAGS.join(', ')})`);
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  await demoSeeded?.catch(() => undefined);
  for (const dir of [emptyDir, demoDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every browser page signs in to the server now running. */
async function signInEverywhere() {
  for (const page of pages.values()) {
    await signIn(page, baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  }
}

/** Checks the states at both widths; the violations found fail the test with their list. */
async function expectNoViolations(phase: string, states: State[]) {
  found.length = 0;
  await checkAll(phase, states);
  expect(found, `${found.length} violation(s):\n${found.join('\n')}`).toEqual([]);
}

describe('accessibility (axe-core, WCAG 2.2 AA and best practices)', () => {
  it(
    'finds no violation on the pages anyone may open',
    async () => {
      await expectNoViolations('signed out', signedOut);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'finds no violation on an empty database: every screen, empty state and dialog',
    async () => {
      await signInEverywhere();
      const [admin] = await listOf<{ id: string }>(await signInThroughApi(), 'contacts');
      await expectNoViolations('empty', [
        ...screens,
        noWebhooks,
        ...atDesktop([
          { name: 'send test MMS', path: '/dashboard', ready: openWith(t.dashboard.sendTestMms) },
          {
            name: 'own contact',
            path: `/contacts/${admin!.id}`,
            ready: heading(t.contacts.editTitle),
          },
          ...notFound,
          ...importDialog,
          ...apiKeyStates,
        ]),
        { ...drawer, path: '/dashboard' },
      ]);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'finds no violation with the demo data: every screen, record and dialog',
    async () => {
      await server.stop();
      await demoSeeded;
      await startOn(demoDir);
      await signInEverywhere();
      // A second session, so Profile lists one to sign out.
      const staff = await signInThroughApi();
      type Row = { id: string; status?: string; phone?: string | null };
      const participant = (await listOf<Row>(staff, 'contacts', '&role=participant')).find(
        (contact) => contact.phone,
      )!;
      const [host] = await listOf<Row>(staff, 'contacts', '&role=host');
      const running = (await listOf<Row>(staff, 'programs')).find((p) => p.status === 'running')!;
      const [product] = await listOf<Row>(staff, 'products');
      const [pod] = await listOf<Row>(staff, 'pods');
      const [message] = await listOf<Row>(staff, 'messages');
      const rolling = await rollingEnrollment(staff, product!.id);
      const webhook = await webhookWithLog(staff);
      const programsPanel = (content: string) => async (page: Page) => {
        await heading(t.contacts.editTitle)(page);
        await page
          .getByRole('region', { name: t.contacts.enrollments.title, exact: true })
          .getByText(content, { exact: false })
          .waitFor();
      };

      await expectNoViolations('demo', [
        ...screens,
        ...atDesktop([
          { name: 'send test MMS', path: '/dashboard', ready: openWith(t.dashboard.sendTestMms) },
          {
            name: 'create pod',
            path: '/contacts?filter=%7B%22role%22%3A%22participant%22%7D',
            ready: async (page) => {
              await page.getByRole('row').nth(1).getByRole('checkbox').check();
              await openWith(/^Create Pod \(1 selected\)/)(page);
            },
          },
          {
            name: 'inbox: reply',
            path: '/inbound-messages',
            ready: openWith(/^Reply to /),
          },
          ...importDialog,
          {
            name: 'import contacts: report',
            ready: async (page) => {
              await page.getByRole('button', { name: /^Import \d+ rows$/ }).click();
              await dialog(page).getByText(t.contactImport.statuses.done).waitFor();
            },
          },
          {
            name: 'running program',
            path: `/programs/edit/${running.id}`,
            ready: heading(t.programs.editTitle),
          },
          {
            name: 'message preview',
            ready: openWith(/^Preview the messages of /, (page) =>
              dialog(page).getByRole('figure').waitFor(),
            ),
          },
          {
            name: 'program schedule change',
            ready: async (page) => {
              await closeDialog(page);
              await page.getByRole('combobox', { name: t.programs.fields.timeZone }).click();
              await page.getByRole('option', { name: 'America/Denver' }).click();
              await openWith(t.programs.update)(page);
            },
          },
          {
            name: 'carrier registration of a program',
            path: `/help/carrier-registration?programId=${running.id}`,
            ready: heading(t.carrierRegistration.sections.samples),
          },
          {
            name: 'product',
            path: `/products/edit/${product!.id}`,
            ready: heading(t.products.editTitle),
          },
          {
            name: 'rolling program with an enrollment end',
            path: `/programs/edit/${rolling.programId}`,
            ready: async (page) => {
              await heading(t.programs.editTitle)(page);
              await page.getByText(t.programs.enrollmentHelp.rolling).waitFor();
              await page.getByText(t.programs.enrollmentEndsOnHelp).waitFor();
            },
          },
          {
            name: 'message preview of a rolling program',
            ready: openWith(/^Preview the messages of /, (page) =>
              dialog(page).getByRole('figure').waitFor(),
            ),
          },
          {
            name: 'participant in a rolling program',
            path: `/contacts/${rolling.contactId}`,
            ready: programsPanel('Rolling starters'),
          },
          {
            name: 'restart for this participant',
            ready: openWith(t.contacts.enrollments.restart.button),
          },
          {
            name: 'participant in no rolling program',
            path: `/contacts/${participant.id}`,
            ready: programsPanel(t.contacts.enrollments.none),
          },
          { name: 'simulate reply', ready: openWith(t.conversations.simulate.button) },
          { name: 'host', path: `/contacts/${host!.id}`, ready: heading(t.contacts.editTitle) },
          { name: 'pod', path: `/pods/${pod!.id}`, ready: text(t.pods.addMembers) },
          { name: 'edit pod details', ready: openWith(t.pods.editDetails) },
          {
            name: 'add members',
            ready: async (page) => {
              await closeDialog(page);
              await openWith(t.pods.addMembers)(page);
            },
          },
          {
            name: 'remove member',
            ready: async (page) => {
              await closeDialog(page);
              await openWith(t.pods.remove)(page);
            },
          },
          { name: 'message', path: `/messages/${message!.id}` },
          {
            name: 'sign out everywhere else',
            path: '/profile',
            ready: openWith(t.profile.sessions.signOutOthers),
          },
          ...webhookStates(webhook.id, webhook.description),
        ]),
        { ...drawer, path: '/contacts' },
      ]);
    },
    PHASE_TIMEOUT_MS,
  );
});
