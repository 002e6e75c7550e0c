/**
 * `npm run bench:import`: how fast a contact import writes, and whether the server keeps answering
 * meanwhile. On each scratch database (embedded, then PostgreSQL; BENCH_ONLY picks one) with 20,000
 * contacts already there, it uploads a generated CSV of 100,000 new contacts (then an XLSX of as
 * many) to the real server, and until the import is done it asks for the contacts list's first page
 * every 100 ms. Prints the upload, the import's rows per second, and the list's times meanwhile.
 * The aim: at least 5,000 rows/s on PostgreSQL, the list under 200 ms all along. Figures only; it
 * never fails on a slow machine.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ContactImport } from '../src/shared/responses/contact-imports';
import { LIMITS } from '../src/shared/constants';
import { insertBulkContacts } from '../tests/api/helpers/bulk';
import type { RunningServer } from '../tests/helpers/server';
import {
  apiToken,
  benchAdmin,
  callApi,
  medianAndWorst,
  ms,
  number,
  report,
  runBench,
  withDatabase,
} from './bench/common';

const ADMIN = benchAdmin('import');
const EXISTING = 20_000;
const ROWS = LIMITS.importRows;
const HEADER = ['Email', 'First name', 'Last name', 'Phone', 'City', 'Zip code'];
const LIST_EVERY_MS = 100;
const POLL_EVERY_MS = 250;

/** Row i of a generated file: a new contact, as a spreadsheet of participants would hold one. */
const row = (i: number, prefix: string) => [
  `${prefix}${i}@bench.example.org`,
  `First${i}`,
  `Last${i}`,
  `(503) 7${String(i % 1_000_000).padStart(6, '0')}`,
  'Portland',
  '97201',
];

function csvFile(prefix: string): Blob {
  const lines = [HEADER.join(',')];
  for (let i = 1; i <= ROWS; i++) lines.push(row(i, prefix).join(','));
  return new Blob([lines.join('\r\n')], { type: 'text/csv' });
}

async function xlsxFile(prefix: string): Promise<Blob> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(HEADER).commit();
  for (let i = 1; i <= ROWS; i++) sheet.addRow(row(i, prefix)).commit();
  await sheet.commit();
  await workbook.commit();
  return new Blob([Buffer.concat(chunks)]);
}

async function upload(server: RunningServer, token: string, file: Blob, filename: string) {
  const form = new FormData();
  form.append('file', file, filename);
  form.append(
    'mapping',
    JSON.stringify(['email', 'firstName', 'lastName', 'phone', 'city', 'zipCode']),
  );
  form.append('duplicates', 'skip');
  const response = await fetch(`${server.url}/api/contacts/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { import?: { id: string } };
  if (response.status !== 202 || !body.import) {
    throw new Error(`POST /api/contacts/imports: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.import.id;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Uploads `file`, then waits for the import while timing the contacts list; reports both. */
async function measureImport(server: RunningServer, token: string, file: Blob, name: string) {
  const size = `${(file.size / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Importing ${number(ROWS)} rows from a ${size} ${name}...`);
  const uploadStarted = performance.now();
  const id = await upload(server, token, file, `bench.${name.toLowerCase()}`);
  const accepted = performance.now();
  report(`${name} upload answered (${size}, checked whole)`, ms(accepted - uploadStarted));

  let done: ContactImport | undefined;
  const listTimes: number[] = [];
  const listing = (async () => {
    while (!done) {
      const started = performance.now();
      await callApi(
        server,
        token,
        'GET',
        '/api/contacts?page=1&perPage=25&sort=createdAt&order=desc',
      );
      listTimes.push(performance.now() - started);
      await sleep(LIST_EVERY_MS);
    }
  })();
  while (!done) {
    await sleep(POLL_EVERY_MS);
    const { import: state } = await callApi<{ import: ContactImport }>(
      server,
      token,
      'GET',
      `/api/contacts/imports/${id}`,
    );
    if (state.status === 'done' || state.status === 'failed') done = state;
  }
  await listing;
  const seconds = (performance.now() - accepted) / 1000;
  if (done.status === 'failed') throw new Error(`The ${name} import failed: ${done.error}`);
  report(
    `${name} import of ${number(done.total)} rows`,
    `${seconds.toFixed(1)} s, ${number(Math.round(done.total / seconds))} rows/s ` +
      `(${number(done.created)} created, ${number(done.skipped)} not imported)`,
  );
  const sorted = [...listTimes].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  report(
    `GET /api/contacts during the ${name} import (${listTimes.length} calls)`,
    `${medianAndWorst(listTimes)}, p95 ${ms(p95)}`,
  );
}

await runBench({
  name: 'import',
  admin: ADMIN,
  prepare: (env) =>
    withDatabase(env, ADMIN, async (db) => {
      await insertBulkContacts(db, EXISTING);
      return `${number(EXISTING)} contacts`;
    }),
  measure: async (server) => {
    const token = await apiToken(server, ADMIN);
    await measureImport(server, token, csvFile('csv'), 'CSV');
    await measureImport(server, token, await xlsxFile('xlsx'), 'XLSX');
  },
});
