/// <reference lib="dom" /> (the page-side checks below run in Chromium)
/**
 * `npm run bench:pods`: how fast pods stay with a pod of 5,000 members in a contact base of
 * 50,000. The aim: the member table pages, and the add-members modal searches on the server and
 * draws only the rows in view, so that opening the modal and searching shows results in under a
 * second. Prints figures, never fails on a slow machine: the API's pod, member and candidate
 * queries (median and worst of 10 runs after a warm-up) and, once each since they change the
 * pod, adding 1,000 members by id and adding everyone a search matches; then, when Chromium is
 * installed, the time to open the pod page, to open the modal, and to search in it, and how many
 * candidate rows the modal draws. Runs on the embedded database, then on PostgreSQL (BENCH_ONLY
 * picks one: scripts/bench-database.ts).
 */
import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { podMembers, pods, users } from '../src/server/db/schema';
import { seedDemo } from '../src/server/demo/seed';
import { messages } from '../src/shared/messages';
import type { PodMembersAddResult, PodSummary } from '../src/shared/responses/pods';
import { insertBulkContacts } from '../tests/api/helpers/bulk';
import { launchChromium } from '../tests/e2e/helpers/browser';
import { signIn } from '../tests/e2e/helpers/session';
import type { RunningServer } from '../tests/helpers/server';
import {
  API_RUNS,
  apiToken,
  benchAdmin,
  BROWSER_RUNS,
  type DatabaseEnv,
  callApi,
  medianAndWorst,
  ms,
  number,
  openAndWait,
  report,
  runBench,
  timeGet,
  whenInPage,
  withDatabase,
} from './bench/common';

const ADMIN = benchAdmin('pods');
const GENERATED = 50_000;
const MEMBERS = 5_000;
const ADDED_BY_ID = 1_000;
const POD = { podId: 'POD-BENCH-5000', podName: 'Bench pod of 5,000' };
/** The search typed into the modal; the bulk contacts include thousands of Marias. */
const SEARCH = 'maria';

/** Set by `prepareData`: the pod's id, and participants who are not in it. */
const data = { podId: '', outsiders: [] as string[] };

/**
 * The demo data, 50,000 generated contacts and a pod of the 5,000 newest participants, written
 * with the server's own code.
 */
function prepareData(env: DatabaseEnv): Promise<string> {
  return withDatabase(env, ADMIN, async (db) => {
    await seedDemo(db);
    await insertBulkContacts(db, GENERATED);
    const [pod] = await db.insert(pods).values(POD).returning({ id: pods.id });
    data.podId = pod!.id;
    await db.execute(sql`
      insert into pod_members (pod_id, user_id)
      select ${data.podId}::uuid, id from users where role = 'participant'
      order by created_at desc, id limit ${MEMBERS}`);
    const members = db
      .select({ id: podMembers.userId })
      .from(podMembers)
      .where(eq(podMembers.podId, data.podId));
    const outsiders = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'participant'), notInArray(users.id, members)))
      .orderBy(desc(users.createdAt), users.id)
      .limit(ADDED_BY_ID);
    data.outsiders = outsiders.map((row) => row.id);
    const [contacts] = await db.select({ total: count() }).from(users);
    const [inPod] = await db
      .select({ total: count() })
      .from(podMembers)
      .where(eq(podMembers.podId, data.podId));
    return (
      `${number(contacts!.total)} contacts (demo data + ${number(GENERATED)}) ` +
      `and a pod of ${number(inPod!.total)} members`
    );
  });
}

/** A list's answer counts its total; the pod's, its active members. */
type Answer = { total?: number; pod?: PodSummary };
const counted = (body: Answer) => number(body.total ?? body.pod!.activeMemberCount);

/** Label, URL, and what the answer counts. */
function apiQueries(id: string): [label: string, url: string, noun: string][] {
  const members = `/api/pods/${id}/members?perPage=25`;
  const candidates = `/api/contacts?page=1&perPage=100&sort=fullName&order=asc&notInPod=${id}`;
  return [
    ['pod detail ?members=none', `/api/pods/${id}?members=none`, 'members'],
    ['pod members page 1', `${members}&page=1&sort=fullName&order=asc`, 'members'],
    ['pod members page 150', `${members}&page=150&sort=fullName&order=asc`, 'members'],
    [`pod members search q=${SEARCH}`, `${members}&page=1&q=${SEARCH}`, 'members'],
    ['add-members first 100', candidates, 'candidates'],
    [`add-members search q=${SEARCH}`, `${candidates}&q=${SEARCH}`, 'candidates'],
    ['add-members search q=person4999', `${candidates}&q=person4999`, 'candidates'],
    ['pods list page 1', '/api/pods?page=1&perPage=25', 'pods'],
  ];
}

async function benchApi(server: RunningServer, token: string) {
  console.log(`Measuring the API at ${server.url} (${API_RUNS} runs after a warm-up)...`);
  for (const [label, url, noun] of apiQueries(data.podId)) {
    const { times, body } = await timeGet<Answer>(server, token, url);
    report(`${label} (API), ${counted(body)} ${noun}`, medianAndWorst(times));
  }
}

/** Adding members changes the pod, so each is timed once, after everything else. */
async function benchAdding(server: RunningServer, token: string) {
  console.log('Adding members through the API (once each)...');
  const adds: [label: string, body: unknown][] = [
    [
      `add ${number(ADDED_BY_ID)} members by id (API, once)`,
      { members: data.outsiders.map((userId) => ({ userId, role: 'participant' })) },
    ],
    ['add all matching q=james (API, once)', { matching: { q: 'james' } }],
  ];
  for (const [label, body] of adds) {
    const started = performance.now();
    const result = await callApi<PodMembersAddResult>(
      server,
      token,
      'POST',
      `/api/pods/${data.podId}/members`,
      body,
    );
    report(
      label,
      `${ms(performance.now() - started)}  (added ${number(result.added)}, reactivated ` +
        `${number(result.reactivated)}; the pod has ${number(result.pod.activeMemberCount)} now)`,
    );
  }
}

/** The modal's candidate rows as drawn: rows with a checkbox (not the 'Loading...' row). */
const CANDIDATE_ROWS = '[role="dialog"] tbody tr:has(input[type="checkbox"])';

/** One run: open the pod page, open the add-members modal, search in it. */
async function benchConsoleRun(page: Page, url: string, run: number) {
  const opened = await openAndWait(
    page,
    `${url}/pods/${data.podId}`,
    `The pod page did not show "${POD.podName}" and a member row`,
    (podName) => {
      const heading = document.querySelector('h1');
      const row = document.querySelector<HTMLTableRowElement>('tbody tr');
      return heading?.textContent === podName && row?.cells[0]?.textContent
        ? { at: performance.now(), first: row.cells[0].textContent }
        : null;
    },
    POD.podName,
  );
  report(`open pod page (console), run ${run}`, `${ms(opened.at)}  (first: ${opened.first})`);

  // The clock starts in the page just before the click, so no round trip is counted.
  const clicked = await page.evaluate((label) => {
    const button = [...document.querySelectorAll('button')].find(
      (element) => element.textContent?.trim() === label,
    );
    if (!button) throw new Error(`No "${label}" button`);
    const at = performance.now();
    button.click();
    return at;
  }, messages.pods.addMembers);
  const listed = await whenInPage(
    page,
    'The add-members modal did not show a candidate row',
    (selector) => {
      const row = document.querySelector(selector);
      return row && row.getBoundingClientRect().height > 0 ? { at: performance.now() } : null;
    },
    CANDIDATE_ROWS,
  );
  const settled = await whenInPage(
    page,
    'The add-members modal did not say how many contacts match',
    (selector) => {
      const status = document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? '';
      const matching = /([\d,]+) matching/.exec(status)?.[1];
      const rows = document.querySelectorAll(selector).length;
      return matching ? { at: performance.now(), matching, rows } : null;
    },
    CANDIDATE_ROWS,
  );
  report(
    `open add-members (console), run ${run}`,
    `${ms(listed.at - clicked)} from the click  ` +
      `(${settled.rows} rows drawn of ${settled.matching} candidates)`,
  );

  // From the last keystroke; the search waits for a 300 ms pause in typing, which is counted.
  await page.evaluate(() => {
    const clock = globalThis as unknown as { lastKeyAt: number };
    window.addEventListener('keydown', () => (clock.lastKeyAt = performance.now()), true);
  });
  await page.getByRole('dialog').getByLabel(messages.pods.addSearch).pressSequentially(SEARCH);
  const lastKeyAt = await page.evaluate(
    () => (globalThis as unknown as { lastKeyAt: number }).lastKeyAt,
  );
  const found = await whenInPage(
    page,
    `The add-members modal did not show only contacts matching "${SEARCH}"`,
    ({ selector, search }) => {
      const rows = [...document.querySelectorAll(selector)];
      const status = document.querySelector('[role="dialog"] [role="status"]')?.textContent ?? '';
      const matches = rows.every((row) => row.textContent?.toLowerCase().includes(search));
      return rows.length > 0 && matches
        ? { at: performance.now(), rows: rows.length, status }
        : null;
    },
    { selector: CANDIDATE_ROWS, search: SEARCH },
  );
  report(
    `search "${SEARCH}" in add-members incl. 300 ms debounce (console), run ${run}`,
    `${ms(found.at - lastKeyAt)} from the last key  (${found.rows} rows drawn; ${found.status})`,
  );
}

async function benchConsole(server: RunningServer) {
  console.log(
    `Measuring the console in Chromium (${BROWSER_RUNS} runs: open the pod, open add-members, search)...`,
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    for (let run = 1; run <= BROWSER_RUNS; run++) await benchConsoleRun(page, server.url, run);
  } finally {
    await browser.close();
  }
}

await runBench({
  name: 'pods',
  admin: ADMIN,
  prepare: prepareData,
  measure: async (server, withChromium) => {
    const token = await apiToken(server, ADMIN);
    await benchApi(server, token);
    // Before any members are added, so the console sees the pod of 5,000.
    await withChromium(() => benchConsole(server));
    await benchAdding(server, token);
  },
});
