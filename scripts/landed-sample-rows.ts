/**
 * The few rows every landed state's fixture holds (scripts/landed-fixtures.ts): one or two of each
 * table a program touches, with every value fixed so that regenerating the fixtures changes nothing.
 * Each state stores the tables and columns its schema has; a table it lacks is left out. The values
 * are ones every version's checks accept and later migrations leave as they are (an admin with a
 * last name, a delivered message, an opt-in by keyword), so an upgrade must keep each of them equal.
 */

export interface SampleTable {
  table: string;
  rows: Record<string, unknown>[];
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number, hour = 9) =>
  `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

const ADMIN = id(1);
const HOST = id(2);
const PARTICIPANT = id(3);
const PRODUCT = id(10);
const MEDIA = id(11);
const POD = id(20);
const PROGRAM = id(30);
const MESSAGE = id(40);
const INBOUND = id(50);
const IMPORT = id(60);
const PHONE = '+15035550100';

/** In the order they are inserted: whatever a row refers to comes before it. */
export const SAMPLE_TABLES: SampleTable[] = [
  {
    table: 'users',
    rows: [
      {
        id: ADMIN,
        email: 'ada@example.org',
        password_hash: 'scrypt$32768$8$1$c2FsdA==$a2V5',
        role: 'admin',
        first_name: 'Ada',
        last_name: 'Admin',
        email_verified: true,
        last_login_at: at(20, 8),
        previous_login_at: at(19, 8),
        login_count: 3,
        created_at: at(1),
        updated_at: at(2),
      },
      {
        id: HOST,
        email: 'hal@example.org',
        password_hash: 'scrypt$32768$8$1$c2FsdA==$b2V5',
        role: 'host',
        first_name: 'Hal',
        last_name: 'Host',
        email_verified: true,
        created_at: at(3),
        updated_at: at(3),
      },
      {
        id: PARTICIPANT,
        email: 'pat@example.org',
        role: 'participant',
        first_name: 'Pat',
        last_name: 'Doe',
        phone: PHONE,
        street: '1 Main St',
        city: 'Portland',
        state: 'OR',
        zip_code: '97201',
        bio: 'Likes tea.',
        sms_verified: true,
        created_at: at(4),
        updated_at: at(5),
      },
    ],
  },
  {
    table: 'app_meta',
    rows: [{ key: 'bootstrap_admin', value: { email: 'ada@example.org' }, created_at: at(1) }],
  },
  {
    table: 'sessions',
    rows: [
      {
        id: id(70),
        token_hash: 'session-token-hash',
        user_id: ADMIN,
        created_at: at(20, 8),
        last_seen_at: at(20, 10),
        expires_at: '2027-01-20T08:00:00.000Z',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0',
      },
    ],
  },
  {
    table: 'one_time_tokens',
    rows: [
      {
        id: id(71),
        token_hash: 'link-token-hash',
        user_id: HOST,
        purpose: 'set_password',
        email: 'hal@example.org',
        expires_at: at(6),
        used_at: at(3, 12),
        created_at: at(3),
      },
    ],
  },
  {
    table: 'login_failures',
    rows: [{ id: id(72), key: 'email:eve@example.org', failed_at: at(6) }],
  },
  {
    table: 'media',
    rows: [
      {
        id: MEDIA,
        storage_name: 'a1b2c3.jpg',
        original_name: 'sunrise.jpg',
        mime_type: 'image/jpeg',
        type: 'image',
        size: 48_213,
        uploaded_by: ADMIN,
        created_at: at(7),
      },
    ],
  },
  {
    table: 'products',
    rows: [
      {
        id: PRODUCT,
        name: 'Morning notes',
        days: 2,
        created_by: ADMIN,
        created_at: at(7),
        updated_at: at(8),
      },
    ],
  },
  {
    table: 'product_messages',
    rows: [
      { id: id(12), product_id: PRODUCT, day: 0, text: 'Welcome to Morning notes.' },
      {
        id: id(13),
        product_id: PRODUCT,
        day: 1,
        text: 'Good morning!',
        links: [{ label: 'Read more', url: 'https://example.org/1' }],
        media_id: MEDIA,
      },
    ],
  },
  {
    table: 'pods',
    rows: [
      {
        id: POD,
        pod_id: 'north',
        pod_name: 'North',
        created_by: HOST,
        created_at: at(9),
        updated_at: at(9),
      },
    ],
  },
  {
    table: 'pod_members',
    rows: [{ id: id(21), pod_id: POD, user_id: PARTICIPANT, joined_at: at(9, 10) }],
  },
  {
    table: 'programs',
    rows: [
      {
        id: PROGRAM,
        program_name: 'Autumn',
        product_id: PRODUCT,
        created_by: ADMIN,
        start_date: '2026-11-21',
        send_time: '09:30',
        created_at: at(10),
        updated_at: at(10),
      },
    ],
  },
  { table: 'program_pods', rows: [{ program_id: PROGRAM, pod_id: POD }] },
  { table: 'program_plans', rows: [{ program_id: PROGRAM, planned_day: 1, planned_at: at(22) }] },
  {
    table: 'program_enrollments',
    rows: [
      {
        program_id: PROGRAM,
        contact_id: PARTICIPANT,
        enrolled_at: at(20),
        start_date: '2026-11-21',
        // Restarted once by staff (0019): their second run.
        run: 2,
      },
    ],
  },
  {
    table: 'enrollment_plans',
    rows: [{ program_id: PROGRAM, start_date: '2026-11-21', planned_day: 1, planned_at: at(22) }],
  },
  {
    table: 'outbound_messages',
    rows: [
      {
        id: MESSAGE,
        kind: 'program',
        contact_id: PARTICIPANT,
        to_phone: PHONE,
        body: 'Good morning!',
        media_url: 'https://tidings.example.org/media/a1b2c3.jpg',
        program_id: PROGRAM,
        day: 1,
        run: 2,
        status: 'delivered',
        attempts: 1,
        send_after: at(22, 17),
        expires_at: at(22, 21),
        provider_message_id: 'SM0123456789abcdef0123456789abcdef',
        segments: 1,
        time_zone: 'America/Los_Angeles',
        sent_at: at(22, 17),
        delivered_at: at(22, 17),
        // Its link's counted click below opens it (migration 0027's trigger), as it would here.
        opened: true,
        created_at: at(22),
        updated_at: at(22, 17),
      },
    ],
  },
  {
    table: 'outbound_message_events',
    rows: [
      { id: id(41), message_id: MESSAGE, status: 'sent', source: 'dispatcher', at: at(22, 17) },
      { id: id(42), message_id: MESSAGE, status: 'delivered', source: 'provider', at: at(22, 17) },
    ],
  },
  {
    table: 'short_links',
    rows: [
      {
        code: 'Tid1ngs',
        message_id: MESSAGE,
        program_id: PROGRAM,
        contact_id: PARTICIPANT,
        day: 1,
        link_index: 0,
        url: 'https://example.org/1',
        created_at: at(22),
        // Opened by its counted click below on its message's hand-over day (migration 0027).
        opened_on: '2026-11-22',
      },
    ],
  },
  {
    table: 'link_clicks',
    rows: [
      {
        id: id(43),
        code: 'Tid1ngs',
        at: at(22, 18),
        method: 'GET',
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)',
        counted: true,
      },
      {
        id: id(44),
        code: 'Tid1ngs',
        at: at(22, 17),
        method: 'GET',
        user_agent: 'facebookexternalhit/1.1 Facebot Twitterbot/1.0',
        counted: false,
      },
    ],
  },
  { table: 'sms_sender_pacing', rows: [{ sender: 'log', next_slot_at: at(22, 17) }] },
  {
    table: 'outbound_emails',
    rows: [
      {
        id: id(80),
        kind: 'welcome',
        user_id: HOST,
        to_email: 'hal@example.org',
        status: 'sent',
        attempts: 1,
        created_at: at(3),
        sent_at: at(3, 10),
        next_attempt_at: at(3),
      },
    ],
  },
  {
    table: 'inbound_messages',
    rows: [
      {
        id: INBOUND,
        provider_message_id: 'SMfedcba9876543210fedcba9876543210',
        from_phone: PHONE,
        to_phone: '+15035550000',
        body: 'JOIN',
        contact_id: PARTICIPANT,
        intent: 'optin',
        received_at: at(21, 18),
        created_at: at(21, 18),
      },
    ],
  },
  {
    table: 'consent_events',
    rows: [
      {
        id: id(51),
        contact_id: PARTICIPANT,
        phone: PHONE,
        event: 'optin_requested',
        source: 'staff',
        staff_user_id: HOST,
        at: at(21, 17),
      },
      {
        id: id(52),
        contact_id: PARTICIPANT,
        phone: PHONE,
        event: 'opted_in',
        source: 'keyword',
        keyword: 'JOIN',
        text: 'JOIN',
        inbound_message_id: INBOUND,
        at: at(21, 18),
      },
    ],
  },
  {
    table: 'contact_imports',
    rows: [
      {
        id: IMPORT,
        created_by: HOST,
        importer_role: 'host',
        filename: 'contacts.csv',
        format: 'csv',
        columns: ['Email', 'First name'],
        mapping: { Email: 'email', 'First name': 'firstName' },
        duplicates: 'skip',
        status: 'done',
        total: 2,
        next_row: 4,
        processed: 2,
        created: 1,
        error_count: 1,
        finished_at: at(23, 10),
        created_at: at(23),
        updated_at: at(23, 10),
      },
    ],
  },
  {
    table: 'contact_import_rejects',
    rows: [
      {
        import_id: IMPORT,
        row: 3,
        cells: ['not-an-email', 'Kim'],
        problems: [{ field: 'email', message: 'Invalid email address' }],
      },
    ],
  },
];
