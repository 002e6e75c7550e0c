/**
 * Business constants of Tidings (spec section 9). Both the console and the server import them from
 * here, so a limit is written once.
 */

export const ROLES = ['participant', 'host', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a pod member may have: members are always participants (spec section 6). */
export const POD_MEMBER_ROLES = ['participant'] as const satisfies readonly Role[];

/** Roles that may sign in to the console (participants never do). */
export const STAFF_ROLES = ['host', 'admin'] as const satisfies readonly Role[];

/** Contact statuses: the form offers active and inactive; suspended and deleted are only styled. */
export const CONTACT_STATUSES = ['active', 'inactive', 'suspended', 'deleted'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const PRODUCT_STATUSES = ['active', 'inactive', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const POD_STATUSES = ['active', 'inactive'] as const;
export type PodStatus = (typeof POD_STATUSES)[number];

/** A pod membership is kept when a member is removed, so history survives. */
export const POD_MEMBER_STATUSES = ['active', 'removed'] as const;
export type PodMemberStatus = (typeof POD_MEMBER_STATUSES)[number];

export const OFFERINGS = ['Standard', 'Nuanced'] as const;

/**
 * How a program's days fall: `cohort`, everyone on the program's calendar from its start date;
 * `rolling`, each participant from their own day 0, the first send time after they joined.
 */
export const ENROLLMENTS = ['cohort', 'rolling'] as const;
export type Enrollment = (typeof ENROLLMENTS)[number];
export type Offering = (typeof OFFERINGS)[number];

export const TIME_ZONES = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Phoenix',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE: TimeZone = 'America/Los_Angeles';

/** Dates show in en-US short format in this zone; 'Never' when absent. */
export const DISPLAY_TIME_ZONE: TimeZone = 'America/Los_Angeles';

export const MEDIA_TYPES = ['image', 'gif', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const LIMITS = {
  messageText: 160,
  messageTextWarning: 140,
  linkUrl: 25,
  linkUrlHintMin: 20,
  daysMin: 1,
  daysMax: 365,
  daysDefault: 7,
  imageBytes: 512_000,
  videoBytes: 1_048_576,
  videoSeconds: 15,
  phoneDigitsMin: 10,
  phoneDigitsMax: 15,
  passwordMin: 6,
  /** A bio's text, counted as plain text (shared/rich-text.ts): what was written, not its markup. */
  bioText: 2000,
  /** A bio's HTML: room for formatting and links around the longest text. */
  bioHtml: 20_000,
  /** A contact import's file: 10 MB and 100,000 rows; the dialog previews 20 rows. */
  importBytes: 10 * 1024 * 1024,
  importRows: 100_000,
  importPreviewRows: 20,
  /** Columns a file may have: a spreadsheet of contacts has a dozen; more is not a contact list. */
  importColumns: 200,
  /**
   * What an .xlsx may unpack to: a 10 MB workbook of contacts unpacks to about 100 MB of XML; a
   * "zip bomb" of the same size to gigabytes, which the reader would try to hold.
   */
  importUnpackedBytes: 250 * 1024 * 1024,
} as const;

export const TIMINGS = {
  /** The console re-verifies its session when the last check is older than this. */
  sessionRecheckMs: 30 * 60 * 1000,
  successBannerMs: 5_000,
  podBannerMs: 3_000,
  verifyRedirectMs: 2_000,
  setPasswordRedirectMs: 3_000,
} as const;

/** A contact's conversation is read a page at a time: `limit` entries, 50 unless asked. */
export const CONVERSATION_LIMIT = { default: 50, max: 100 } as const;

/** A program's Deliveries panel asks for fresh counts this often while messages are on their way. */
export const DELIVERIES_REFRESH_MS = 5_000;

/**
 * How often an open console asks for the inbox's counts (the top bar's number): one cheap query
 * on a partial index every half minute per tab, and at once when the tab comes back into view.
 */
export const INBOX_REFRESH_MS = 30_000;

/**
 * A contact's Conversation card asks for fresh statuses this often while one of its messages is on
 * its way (not in a final status), as the Deliveries panel does.
 */
export const CONVERSATION_REFRESH_MS = DELIVERIES_REFRESH_MS;

/**
 * The Send Test MMS dialog asks for its message's status this often until the status is final: a
 * test goes out at once, and the person holding the phone is waiting for it.
 */
export const TEST_MESSAGE_REFRESH_MS = 1_500;

/** The console switches to the hamburger menu at this width and below. */
export const MOBILE_MENU_MAX_WIDTH = 1024;

export const DEFAULT_COUNTRY = 'United States';

/**
 * When a program's messages may go out, local time in the program's zone: the US quiet-hours
 * window (no texts before 8 am or after 9 pm). A program's send time is chosen inside it.
 */
export const SEND_WINDOW = { earliest: '08:00', latest: '21:00', default: '09:00' } as const;

/** A program's status, derived from its schedule, the clock and pause (see shared/schedule.ts). */
export const PROGRAM_STATUSES = ['draft', 'scheduled', 'running', 'completed', 'paused'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/**
 * The most an error answer carries, whatever the input: at most `details` failing fields (the
 * rest are counted in `moreDetails`), and every text (the error, a field's name, its message)
 * cut to `text` characters. Bad input then cannot make an answer grow with it.
 */
export const ERROR_BODY_LIMITS = { details: 50, text: 300 } as const;

/**
 * The start dates a program may be given: from the first day of 2000 (no program of Tidings is
 * older, and an edited program keeps its past start date) to `maxYearsAhead` years after today
 * (UTC). Dates far out are typing mistakes, and the schedule has nothing to say about them.
 */
export const PROGRAM_START_DATES = { earliest: '2000-01-01', maxYearsAhead: 5 } as const;
