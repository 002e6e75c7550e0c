import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { png } from '../../../helpers/media-files';
import { sendJson } from './client';
import { mutated, weirdString, type RawBody } from './values';

/** Ids and bodies of real records, so that generated requests reach past the 404s. */
export interface Seed {
  token: string;
  /** A second session of the same admin, for the logout route to end. */
  spareToken: string;
  /** The id of that second session, for the profile's route that ends one session. */
  spareSessionId: string;
  adminEmail: string;
  adminPassword: string;
  /** The admin's device cookie from the seed's sign-in, as the browser sends it (`name=value`). */
  deviceCookie: string;
  productId: string;
  participantId: string;
  hostId: string;
  podId: string;
  programId: string;
  /** A rolling program of the same pod: its deliveries, enrollments and preview read enrollments. */
  rollingProgramId: string;
  /** The seed participant's opt-in request, queued when they were created. */
  messageId: string;
  mediaName: string;
  /** A reply the seed participant sent (simulated): new in the inbox. */
  inboundId: string;
  /** A contact import, queued. */
  importId: string;
  /** A token of the shape Tidings issues that names nothing, so lookups run and find nothing. */
  forgedToken: string;
  /** A file of the API reference's page. */
  docsFile: string;
  /** A short link's code of the shape Tidings makes that names no link, so the lookup runs. */
  shortCode: string;
  /** An API key, made by the seed's admin. */
  apiKeyId: string;
  /** A webhook endpoint, and the delivery of the test event sent to it. */
  webhookId: string;
  webhookDeliveryId: string;
}

type IdKind =
  | 'productId'
  | 'participantId'
  | 'hostId'
  | 'podId'
  | 'programId'
  | 'rollingProgramId'
  | 'messageId'
  | 'mediaName'
  | 'inboundId'
  | 'importId'
  | 'forgedToken'
  | 'spareSessionId'
  | 'docsFile'
  | 'shortCode'
  | 'apiKeyId'
  | 'webhookId'
  | 'webhookDeliveryId';

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as Fastify names it, e.g. `/api/pods/:id/members/:userId`. */
  path: string;
  /** Which real record each path parameter names when the generator keeps it valid. */
  params?: Record<string, IdKind[]>;
  /** The query parameters the route reads (others are generated too). */
  query?: readonly string[];
  /** Valid bodies, for the generator to break one thing at a time. */
  bodies?: (seed: Seed) => unknown[];
  /** Generated bodies are multipart forms (uploads), from this generator. */
  multipart?: fc.Arbitrary<RawBody>;
  /** The session this route's requests use: the spare one for logout. */
  session?: 'spare' | 'none';
  /** The route reads the device cookie: requests carry valid, forged, malformed and huge ones. */
  deviceCookie?: true;
}

const LIST = ['page', 'perPage', 'sort', 'order', 'q'] as const;
const CONTACT_LIST = [...LIST, 'role', 'status', 'consent', 'ids', 'notInPod'] as const;
const MESSAGE_LIST = [
  ...LIST,
  'programId',
  'contactId',
  'status',
  'kind',
  'day',
  'from',
  'to',
  'sentFrom',
  'sentBefore',
  'dueBefore',
  'updatedFrom',
  'updatedBefore',
] as const;

const message = (text: string) => ({ text, links: [], media: null, fallbackUrl: '' });

export const productBody = (days = 2) => ({
  name: 'Fuzzed walks',
  days,
  preMessage: message('Welcome'),
  messages: Array.from({ length: days }, (_, i) => ({
    ...message(`Day ${i + 1}`),
    links: [{ url: 'https://tidings.example/a', label: 'More' }],
  })),
  conclusionMessage: message('Thanks'),
});

const contactBody = () => ({
  email: 'fuzz.participant@example.org',
  firstName: 'Fuzz',
  lastName: 'Participant',
  phone: '+15035550100',
  role: 'participant',
  status: 'active',
  address: {
    street: '1 Main St',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    country: 'United States',
  },
  bio: 'Likes walks',
  smsVerified: false,
  emailVerified: false,
  sendOptinMessage: true,
});

const programBody = (seed: Seed) => ({
  programName: 'Fuzzed program',
  productId: seed.productId,
  timeframe: '2 days',
  offering: 'Nuanced',
  offeringType: 'Group',
  timeZone: 'America/New_York',
  podIds: [seed.podId],
  startDate: '2026-12-01',
  sendTime: '09:00',
  enrollment: 'rolling',
  enrollmentEndsOn: '2026-12-31',
});

const CRLF = '\r\n';

/** A part of a multipart form: a file, or a text field. */
interface FormPart {
  field: string;
  /** A file's name; a text field has none. */
  filename?: string;
  content: Uint8Array;
}

/** A multipart/form-data body written byte by byte, so that any part of it can be wrong. */
function multipart(parts: FormPart[], boundary: string) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.field}"${filename}${CRLF}${CRLF}`,
      ),
      Buffer.from(part.content),
      Buffer.from(CRLF),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A file of 5 MB, far past every size an upload accepts. */
const LARGE_FILE = new Uint8Array(5 * 1024 * 1024).fill(0x61);

/** One part of an upload form: mostly a file (an image or bytes), else a text field or a large file. */
const uploadPart: fc.Arbitrary<FormPart> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      field: fc.oneof(
        fc.constant('file'),
        weirdString.map((s) => s.slice(0, 200)),
      ),
      // Mostly an image the route accepts, so that what follows it is what decides.
      filename: fc.oneof(
        { weight: 3, arbitrary: fc.constant('photo.png') },
        { weight: 1, arbitrary: weirdString.map((s) => s.slice(0, 2000)) },
      ),
      content: fc.oneof(
        { weight: 3, arbitrary: fc.constant(new Uint8Array(png())) },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      field: fc.oneof(
        fc.constant('note'),
        weirdString.map((s) => s.slice(0, 200)),
      ),
      content: weirdString.map((s) => new Uint8Array(Buffer.from(s.slice(0, 2000)))),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ field: 'file', filename: 'big.png', content: LARGE_FILE }),
  },
);

const partLabel = (part: FormPart) =>
  `${part.filename === undefined ? 'text' : `file ${JSON.stringify(part.filename.slice(0, 40))}`} (${part.content.length} bytes)`;

/**
 * Uploads: valid images under weird names and fields, text fields and large files before or
 * after them, broken forms, and forms cut short. A form of more than one part is never accepted.
 */
export const multipartBody: fc.Arbitrary<RawBody> = fc
  .record({
    parts: fc.array(uploadPart, { maxLength: 3 }),
    cut: fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 400 }) },
    ),
    boundary: fc.oneof(
      { weight: 3, arbitrary: fc.constant('tidingsfuzz') },
      { weight: 1, arbitrary: fc.constant('') },
    ),
  })
  .map(({ parts, cut, boundary }) => {
    const written = boundary || 'other';
    let bytes = multipart(parts, written);
    if (cut !== undefined) bytes = bytes.subarray(0, cut);
    // A name or content holding the boundary would end its part early: the form's parts are
    // then not the ones generated.
    const intact = parts.every(
      (part) =>
        !Buffer.from(part.content).includes(written) &&
        !part.field.includes(written) &&
        !part.filename?.includes(written),
    );
    return {
      contentType: boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
      bytes,
      label: `multipart: ${parts.length ? parts.map(partLabel).join(', ') : 'no parts'}${cut === undefined ? '' : `, cut at ${cut} bytes`}`,
      mustRefuse: parts.length > 1 && intact,
    };
  });

/** A workbook of one contact, as a spreadsheet program writes it. */
async function contactsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(['Email', 'First name', 'Last name', 'Phone']);
  sheet.addRow(['ann@example.org', 'Ann', 'Lee', 5035550100]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const IMPORT_XLSX = await contactsWorkbook();

const IMPORT_CSV = Buffer.from('Email,First name,Last name\r\nann@example.org,Ann,Lee\r\n');

/** Files that only look like a contacts file, and names that are not a file's. */
const otherFile = fc.record({
  filename: fc.oneof(
    fc.constantFrom('people.csv', 'people.xlsx', 'people.txt', ''),
    weirdString.map((s) => `${s.slice(0, 200)}.csv`),
  ),
  content: fc.oneof(
    fc.constant(IMPORT_XLSX.subarray(0, 300)),
    fc.constant(png()),
    fc
      .array(
        fc.array(
          weirdString.map((s) => s.slice(0, 100)),
          { maxLength: 6 },
        ),
        { maxLength: 6 },
      )
      .map((rows) => Buffer.from(rows.map((cells) => cells.join(',')).join('\n'))),
    fc.uint8Array({ maxLength: 2000 }),
  ),
});

/** The choices of a valid form, for either file (their mapping fits one of them). */
const importChoices: fc.Arbitrary<Record<string, string>> = fc.record({
  mapping: fc.constantFrom(
    '["email","firstName","lastName"]',
    '["email","firstName","lastName","phone"]',
  ),
  duplicates: fc.constantFrom('skip', 'update'),
  sendOptin: fc.constantFrom('true', 'false'),
});

/** Text fields: the valid choices with one of them changed or added, or any fields at all. */
const importFields: fc.Arbitrary<[string, string][]> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        importChoices,
        fc.option(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('mapping', 'duplicates', 'sendOptin'),
              weirdString.map((s) => s.slice(0, 50)),
            ),
            weirdString.map((s) => s.slice(0, 2000)),
          ),
        ),
      )
      .map(([choices, change]) =>
        Object.entries(change ? { ...choices, [change[0]]: change[1] } : choices),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.tuple(
        weirdString.map((s) => s.slice(0, 50)),
        weirdString.map((s) => s.slice(0, 2000)),
      ),
      { maxLength: 12 },
    ),
  },
);

/**
 * Import forms: mostly a contacts file with its choices, one thing wrong; also other files, none
 * or two, the file before or after the fields, and forms cut short.
 */
export const importFormBody: fc.Arbitrary<RawBody> = fc
  .record({
    file: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          { filename: 'people.csv', content: IMPORT_CSV },
          { filename: 'people.xlsx', content: IMPORT_XLSX },
        ),
      },
      { weight: 2, arbitrary: otherFile },
    ),
    files: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, fc.constantFrom(0, 2)),
    fields: importFields,
    fileFirst: fc.boolean(),
    cut: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      fc.integer({ min: 0, max: 600 }),
    ),
  })
  .map(({ file, files, fields, fileFirst, cut }) => {
    const fileParts = Array.from({ length: files }, () => ({ field: 'file', ...file }));
    const textParts = fields.map(([field, value]) => ({ field, content: Buffer.from(value) }));
    const parts = fileFirst ? [...fileParts, ...textParts] : [...textParts, ...fileParts];
    let bytes = multipart(parts, 'tidingsfuzz');
    if (cut !== undefined) bytes = bytes.subarray(0, cut);
    const names = fields.map(([field]) => field.slice(0, 20));
    return {
      contentType: 'multipart/form-data; boundary=tidingsfuzz',
      bytes,
      label: `import form: ${files} file(s) named ${JSON.stringify(file.filename.slice(0, 60))}, fields ${JSON.stringify(names)}${cut === undefined ? '' : `, cut at ${cut} bytes`}`,
    };
  });

/**
 * Every route Tidings serves, with what makes a request to it valid. The bad-input layer checks
 * that this table names each route the server registers, so a new route cannot be left out.
 */
export const FUZZ_ROUTES: FuzzRoute[] = [
  { method: 'GET', path: '/api/health', session: 'none' },
  { method: 'GET', path: '/api/simulation', session: 'none' },
  {
    method: 'POST',
    path: '/api/auth/login',
    session: 'none',
    bodies: (s) => [{ email: s.adminEmail, password: s.adminPassword }],
    deviceCookie: true,
  },
  { method: 'GET', path: '/api/auth/verify' },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    session: 'none',
    bodies: (s) => [{ email: s.adminEmail }],
  },
  {
    method: 'GET',
    path: '/api/contacts/verify-email/:token',
    session: 'none',
    params: { token: ['forgedToken'] },
  },
  {
    method: 'POST',
    path: '/api/contacts/set-password',
    session: 'none',
    bodies: (s) => [
      {
        userId: s.hostId,
        token: s.forgedToken,
        password: 'fuzz-pass-1',
        confirmPassword: 'fuzz-pass-1',
      },
    ],
  },
  { method: 'POST', path: '/api/auth/logout', session: 'spare' },
  { method: 'GET', path: '/api/profile' },
  {
    method: 'PUT',
    path: '/api/profile',
    bodies: () => [{ firstName: 'Fuzz', lastName: 'Admin' }],
  },
  // The valid body sets the password it already has, so sign-in keeps working for the other routes.
  {
    method: 'POST',
    path: '/api/profile/password',
    bodies: (s) => [
      {
        currentPassword: s.adminPassword,
        password: s.adminPassword,
        confirmPassword: s.adminPassword,
      },
    ],
  },
  { method: 'GET', path: '/api/profile/sessions' },
  { method: 'POST', path: '/api/profile/sessions/sign-out-others' },
  {
    method: 'DELETE',
    path: '/api/profile/sessions/:id',
    params: { id: ['spareSessionId', 'forgedToken'] },
  },
  {
    method: 'POST',
    path: '/api/api-keys',
    bodies: () => [
      { name: 'Fuzz key', role: 'host' },
      { name: 'Fuzz admin key', role: 'admin', expiresAt: '2099-01-01T00:00:00Z' },
    ],
  },
  { method: 'GET', path: '/api/api-keys', query: LIST },
  { method: 'DELETE', path: '/api/api-keys/:id', params: { id: ['apiKeyId', 'forgedToken'] } },
  {
    method: 'POST',
    path: '/api/webhooks',
    bodies: () => [
      { url: 'https://example.org/hook', events: ['message.sent'] },
      {
        url: 'https://hooks.example.org/tidings?x=1',
        description: 'CRM',
        events: ['contact.created', 'link.clicked'],
        enabled: false,
      },
    ],
  },
  { method: 'GET', path: '/api/webhooks', query: LIST },
  { method: 'GET', path: '/api/webhooks/:id', params: { id: ['webhookId'] } },
  {
    method: 'PUT',
    path: '/api/webhooks/:id',
    params: { id: ['webhookId'] },
    bodies: () => [{ url: 'https://example.org/hook', events: ['message.sent'], enabled: true }],
  },
  { method: 'POST', path: '/api/webhooks/:id/rotate-secret', params: { id: ['webhookId'] } },
  { method: 'POST', path: '/api/webhooks/:id/test', params: { id: ['webhookId'] } },
  { method: 'GET', path: '/api/webhooks/:id/attempts', params: { id: ['webhookId'] }, query: LIST },
  {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/resend',
    params: { id: ['webhookId'], deliveryId: ['webhookDeliveryId'] },
  },
  { method: 'DELETE', path: '/api/webhooks/:id', params: { id: ['webhookId', 'forgedToken'] } },
  { method: 'GET', path: '/api/products', query: [...LIST, 'status'] },
  { method: 'GET', path: '/api/products/:id', params: { id: ['productId'] } },
  { method: 'POST', path: '/api/products', bodies: () => [productBody()] },
  {
    method: 'PUT',
    path: '/api/products/:id',
    params: { id: ['productId'] },
    bodies: () => [{ ...productBody(), status: 'active' }],
  },
  { method: 'POST', path: '/api/media', multipart: multipartBody },
  { method: 'GET', path: '/media/:name', params: { name: ['mediaName'] }, session: 'none' },
  { method: 'GET', path: '/l/:code', params: { code: ['shortCode'] }, session: 'none' },
  { method: 'POST', path: '/api/contacts/imports/preview', multipart: importFormBody },
  { method: 'POST', path: '/api/contacts/imports', multipart: importFormBody },
  { method: 'GET', path: '/api/contacts/imports' },
  { method: 'GET', path: '/api/contacts/imports/:id', params: { id: ['importId'] } },
  { method: 'GET', path: '/api/contacts/imports/:id/report', params: { id: ['importId'] } },
  { method: 'GET', path: '/api/contacts', query: CONTACT_LIST },
  { method: 'GET', path: '/api/contacts/export.csv', query: CONTACT_LIST },
  { method: 'GET', path: '/api/contacts/:id', params: { id: ['participantId', 'hostId'] } },
  { method: 'POST', path: '/api/contacts', bodies: () => [contactBody()] },
  {
    method: 'POST',
    path: '/api/contacts/:id/welcome-email',
    params: { id: ['participantId', 'hostId'] },
  },
  {
    method: 'PUT',
    path: '/api/contacts/:id',
    params: { id: ['participantId', 'hostId'] },
    bodies: () => {
      const { firstName, lastName, phone, address, bio, ...rest } = contactBody();
      return [
        {
          ...rest,
          email: 'fuzz.edit@example.org',
          profile: { firstName, lastName, phone, address, bio },
        },
      ];
    },
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/consent',
    params: { id: ['participantId', 'hostId'] },
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/consent.csv',
    params: { id: ['participantId', 'hostId'] },
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/conversation',
    params: { id: ['participantId', 'hostId'] },
    query: ['before', 'limit'],
  },
  {
    method: 'GET',
    path: '/api/inbound-messages',
    query: [...LIST, 'contactId', 'intent', 'matched', 'state', 'assigneeId', 'review'],
  },
  { method: 'GET', path: '/api/inbound-messages/counts' },
  {
    method: 'PATCH',
    path: '/api/inbound-messages/:id',
    params: { id: ['inboundId'] },
    bodies: (s) => [{ state: 'handled' }, { assigneeId: s.hostId }, { assigneeId: null }],
  },
  {
    method: 'POST',
    path: '/api/inbound-messages/:id/review',
    params: { id: ['inboundId'] },
    bodies: () => [{ decision: 'not_optout' }, { decision: 'optout' }],
  },
  {
    method: 'POST',
    path: '/api/contacts/:id/messages',
    params: { id: ['participantId', 'hostId'] },
    bodies: (s) => [{ body: '7 pm' }, { body: 'See you', mediaUrl: `/media/${s.mediaName}` }],
  },
  { method: 'GET', path: '/api/pods', query: [...LIST, 'status', 'programId'] },
  {
    method: 'POST',
    path: '/api/pods',
    bodies: (s) => [
      {
        podId: 'POD-FUZZ',
        podName: 'Fuzz pod',
        members: [{ userId: s.participantId, role: 'participant' }],
      },
    ],
  },
  { method: 'GET', path: '/api/pods/:id', params: { id: ['podId'] }, query: ['members'] },
  {
    method: 'PUT',
    path: '/api/pods/:id',
    params: { id: ['podId'] },
    bodies: () => [{ podId: 'POD-FUZZ-2', podName: 'Renamed' }],
  },
  { method: 'GET', path: '/api/pods/:id/members', params: { id: ['podId'] }, query: LIST },
  {
    method: 'POST',
    path: '/api/pods/:id/members',
    params: { id: ['podId'] },
    bodies: (s) => [
      { userId: s.participantId, role: 'participant' },
      { members: [{ userId: s.participantId, role: 'participant' }] },
      { matching: { q: 'fuzz', status: 'active' } },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/pods/:id/members/:userId',
    params: { id: ['podId'], userId: ['participantId', 'hostId'] },
  },
  { method: 'GET', path: '/api/programs', query: [...LIST, 'offering', 'status'] },
  { method: 'GET', path: '/api/programs/:id', params: { id: ['programId'] } },
  { method: 'POST', path: '/api/programs', bodies: (s) => [programBody(s)] },
  {
    method: 'PUT',
    path: '/api/programs/:id',
    params: { id: ['programId'] },
    bodies: (s) => [programBody(s)],
  },
  { method: 'POST', path: '/api/programs/:id/pause', params: { id: ['programId'] } },
  { method: 'POST', path: '/api/programs/:id/resume', params: { id: ['programId'] } },
  {
    method: 'GET',
    path: '/api/programs/:id/deliveries',
    params: { id: ['programId', 'rollingProgramId'] },
  },
  { method: 'GET', path: '/api/contacts/:id/enrollments', params: { id: ['participantId'] } },
  {
    method: 'POST',
    path: '/api/programs/:id/enrollments/:contactId/restart',
    params: { id: ['programId'], contactId: ['participantId', 'hostId'] },
  },
  {
    method: 'GET',
    path: '/api/programs/:id/enrollments',
    params: { id: ['programId', 'rollingProgramId'] },
    query: ['page', 'perPage'],
  },
  {
    method: 'GET',
    path: '/api/programs/:id/preview',
    params: { id: ['programId', 'rollingProgramId'] },
    query: ['day', 'page', 'perPage', 'flagged'],
  },
  { method: 'GET', path: '/api/programs/:id/consent.csv', params: { id: ['programId'] } },
  { method: 'GET', path: '/api/carrier-registration', query: ['programId'] },
  { method: 'GET', path: '/api/messages', query: MESSAGE_LIST },
  { method: 'GET', path: '/api/messages/:id', params: { id: ['messageId'] } },
  { method: 'POST', path: '/api/messages/:id/retry', params: { id: ['messageId'] } },
  {
    method: 'POST',
    path: '/api/messages/test',
    bodies: (s) => [
      { to: '+15035550123', body: 'Fuzzed test' },
      { contactId: s.participantId, body: 'Fuzzed test', mediaUrl: `/media/${s.mediaName}` },
      { to: '(503) 555-0124', productId: s.productId, day: 1 },
    ],
  },
  // Answers 404 here (the log provider); the webhook test covers it with Twilio.
  {
    method: 'POST',
    path: '/api/webhooks/twilio/status',
    session: 'none',
    query: ['message'],
    bodies: () => [{ MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' }],
  },
  // Answers 404 here too (the log provider); inbound.test.ts covers it with Twilio.
  {
    method: 'POST',
    path: '/api/webhooks/twilio/inbound',
    session: 'none',
    bodies: () => [
      { MessageSid: `SM${'1'.repeat(32)}`, From: '+15035550100', To: '+15005550006', Body: 'JOIN' },
    ],
  },
  {
    method: 'POST',
    path: '/api/contacts/:id/simulate-reply',
    params: { id: ['participantId', 'hostId'] },
    bodies: () => [{ body: 'JOIN' }, { body: 'stop please' }, { body: 'HELP' }],
  },
  { method: 'GET', path: '/api/sms' },
  { method: 'GET', path: '/api/analytics', query: ['from', 'to', 'programId'] },
  { method: 'GET', path: '/api/dashboard' },
  // The API reference (Swagger UI and the OpenAPI document), open without a session.
  { method: 'GET', path: '/api/docs', session: 'none' },
  { method: 'GET', path: '/api/docs/openapi.json', session: 'none' },
  { method: 'GET', path: '/api/docs/json', session: 'none' },
  { method: 'GET', path: '/api/docs/yaml', session: 'none' },
  { method: 'GET', path: '/api/docs/static/index.html', session: 'none' },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', session: 'none' },
  {
    method: 'GET',
    path: '/api/docs/static/*',
    params: { '*': ['docsFile'] },
    session: 'none',
  },
];

/** A JSON body: a valid one with one thing wrong. */
export function jsonBodies(valid: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(...valid.map(mutated));
}

/** Creates the records the generated requests point at, through the API itself. */
export async function seedThroughApi(baseUrl: string, adminEmail: string, adminPassword: string) {
  let deviceCookie = '';
  const login = async () => {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    if (response.status !== 200) throw new Error(`seed: login answered ${response.status}`);
    deviceCookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
    return ((await response.json()) as { token: string }).token;
  };
  const token = await login();
  const spareToken = await login();
  if (!deviceCookie) throw new Error('seed: sign-in set no device cookie');
  const spareSessions = await sendJson(
    baseUrl,
    'GET',
    '/api/profile/sessions',
    undefined,
    spareToken,
  );
  const spareSession = (
    spareSessions.json as { sessions: { id: string; current: boolean }[] }
  ).sessions.find((session) => session.current);
  if (!spareSession) throw new Error('seed: the spare session is not listed');
  const post = async (path: string, body: unknown) => {
    const { status, json } = await sendJson(baseUrl, 'POST', path, body, token);
    if (status !== 201)
      throw new Error(`seed: POST ${path} answered ${status} ${JSON.stringify(json)}`);
    return json;
  };

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png())]), 'seed.png');
  const upload = await fetch(`${baseUrl}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const media = (await upload.json()) as { url: string };
  const importForm = new FormData();
  importForm.append('mapping', '["email","firstName","lastName",null]');
  importForm.append('file', new Blob([new Uint8Array(IMPORT_XLSX)]), 'seed.xlsx');
  const queued = await fetch(`${baseUrl}/api/contacts/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: importForm,
  });
  if (queued.status !== 202) throw new Error(`seed: the import answered ${queued.status}`);
  const contactImport = ((await queued.json()) as { import: { id: string } }).import;
  const product = (await post('/api/products', productBody(3))).data as { id: string };
  const participant = (
    await post('/api/contacts', {
      email: 'seed.participant@example.org',
      firstName: 'Seed',
      lastName: 'Participant',
      phone: '+15035550199',
      role: 'participant',
      status: 'active',
      sendOptinMessage: true,
    })
  ).contact as { id: string };
  const host = (
    await post('/api/contacts', {
      email: 'seed.host@example.org',
      firstName: 'Seed',
      lastName: 'Host',
      role: 'host',
      status: 'active',
      password: 'host-pass-1',
      confirmPassword: 'host-pass-1',
    })
  ).contact as { id: string };
  const pod = (
    await post('/api/pods', {
      podId: 'POD-SEED',
      podName: 'Seed pod',
      members: [{ userId: participant.id, role: 'participant' }],
    })
  ).pod as { id: string };
  // A cohort program and a rolling one of the pod, starting today.
  const seedProgram = async (values: object) =>
    (await post('/api/programs', {
      productId: product.id,
      offering: 'Standard',
      podIds: [pod.id],
      startDate: new Date().toISOString().slice(0, 10),
      sendTime: '09:00',
      ...values,
    })) as { id: string };
  const program = await seedProgram({
    programName: 'Seed program',
    timeZone: 'America/Los_Angeles',
  });
  const rollingProgram = await seedProgram({
    programName: 'Seed rolling program',
    timeZone: 'America/New_York',
    enrollment: 'rolling',
  });
  const inbound = (
    await post(`/api/contacts/${participant.id}/simulate-reply`, { body: 'What time is the call?' })
  ).message as { id: string };
  const apiKey = (await post('/api/api-keys', { name: 'Seed key', role: 'host' })).apiKey as {
    id: string;
  };
  const webhook = (
    await post('/api/webhooks', { url: 'https://example.org/hook', events: ['message.sent'] })
  ).webhook as { id: string };
  const tested = await sendJson(baseUrl, 'POST', `/api/webhooks/${webhook.id}/test`, {}, token);
  const webhookDelivery = (tested.json as { delivery: { id: string } }).delivery;
  const outbox = await sendJson(baseUrl, 'GET', '/api/messages', undefined, token);
  const [optin] = (outbox.json as { messages: { id: string }[] }).messages;
  if (!optin) throw new Error('seed: the participant has no opt-in message');
  return {
    token,
    spareToken,
    spareSessionId: spareSession.id,
    adminEmail,
    adminPassword,
    deviceCookie,
    productId: product.id,
    participantId: participant.id,
    hostId: host.id,
    podId: pod.id,
    programId: program.id,
    rollingProgramId: rollingProgram.id,
    messageId: optin.id,
    mediaName: media.url.split('/').pop()!,
    inboundId: inbound.id,
    importId: contactImport.id,
    forgedToken: 'F'.repeat(43),
    docsFile: 'swagger-ui.css',
    shortCode: 'Tid1ngs',
    apiKeyId: apiKey.id,
    webhookId: webhook.id,
    webhookDeliveryId: webhookDelivery.id,
  } satisfies Seed;
}
