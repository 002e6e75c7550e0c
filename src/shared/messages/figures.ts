/** The Dashboard and Analytics screens, and the rules of the analytics query. */

export const dashboard = {
  /** The newest replies waiting in the inbox. */
  inbox: {
    title: 'New replies',
    empty: 'No new replies: the inbox is clear.',
    all: 'Open the inbox (%{smart_count})',
    needsReview: '%{smart_count} may be a request to stop',
  },
  hello: 'Hello %{name}',
  /** Used in place of the first name when none is known: 'Hello there'. */
  noName: 'there',
  prompt: 'What would you like to do today?',
  sendTestMms: 'Send Test MMS',
  close: 'Close',
  shortcuts: {
    programs: 'Run a program',
    programsHelp: 'Pair a product with pods and a time zone.',
    products: 'Write a product',
    productsHelp: 'Compose the day-by-day message series.',
    contacts: 'Manage contacts',
    contactsHelp: 'Add participants, hosts and admins.',
    pods: 'Organise pods',
    podsHelp: 'Group participants to send them a program.',
    messages: 'Follow the messages',
    messagesHelp:
      'See each text on its way to the phone, why some did not arrive, and the replies phones sent.',
  },
  /** The figures under the greeting (GET /api/dashboard; counting rules in shared/dashboard.ts). */
  loading: "Loading today's figures",
  loadFailed: 'Failed to load the figures',
  today: {
    title: 'Today',
    /** '%{date}' is today's date in Los Angeles: 'Thursday, January 14'. */
    date: '%{date} (Los Angeles time)',
    due: 'Due today',
    dueHelp: 'Still to go out by midnight, overdue ones included',
    sent: 'Sent today',
    sentHelp: 'Handed to the SMS provider today',
    failed: 'Failed today',
    failedHelp: 'Failed or undelivered today',
  },
  running: {
    title: 'Running programs',
    count: '1 program running |||| %{smart_count} programs running',
    empty: 'No program is running right now.',
    all: 'All running programs',
  },
  failures: {
    title: 'Recent failures',
    empty: 'No message has failed. Every message so far went out or is on its way.',
    all: 'All failed messages',
    analytics: 'Delivery analytics',
  },
} as const;

/**
 * The Analytics screen (/analytics): one range of Los Angeles days, optionally one program. What
 * each figure counts follows the rules in src/shared/analytics.ts; the range's errors are the
 * API's own (`analyticsApi`), checked in the console with the same schema.
 */
export const analytics = {
  title: 'Analytics',
  loading: 'Loading analytics...',
  fetchFailed: 'Failed to fetch analytics',
  loadFailed: 'Failed to load analytics',
  rangeLabel: 'Days',
  from: 'From',
  to: 'To',
  rangeHelp: 'Days in Los Angeles time, both included; at most %{max} days.',
  dateIncomplete: 'Enter a whole date (MM/DD/YYYY).',
  program: 'Program',
  programHelp: 'Leave empty for every program.',
  /** Under the cards: which days, and with a program, whose consent and replies. */
  scope: '%{from} to %{to}, Los Angeles time.',
  programScope:
    'With a program: its messages, and the opt-ins, opt-outs and replies of the people in its pods.',
  /** What each card counts: src/shared/analytics.ts says it in full. */
  cards: {
    sent: 'Sent',
    sentHelp: 'Handed to the SMS provider on these days, whatever became of them since.',
    delivered: 'Delivered',
    deliveredHelp: 'Of those sent on these days, the ones the provider reported delivered.',
    failed: 'Failed',
    failedHelp: 'Ended failed or undelivered: never reached the phone.',
    expired: 'Expired',
    expiredHelp: 'Their time passed before they could go, so they were never sent.',
    deliveryRate: 'Delivery rate',
    deliveryRateHelp: 'Delivered out of sent; — when nothing was sent.',
    optIns: 'Opt-ins',
    optInsHelp: 'Contacts who opted in (JOIN) on these days.',
    optOuts: 'Opt-outs',
    optOutsHelp: 'Contacts who opted out (STOP) on these days.',
    replies: 'Replies',
    repliesHelp: 'Messages phones sent to Tidings on these days.',
    clicked: 'Clicked',
    clickedHelp: 'Program messages sent on these days whose tracked link was opened.',
    clickRate: 'Click rate',
    clickRateHelp: 'Clicked out of those known to have reached the phone; — without tracked links.',
  },
  chart: {
    title: 'Messages per day',
    /** The chart's accessible name; the cards above give the totals in words. */
    label: 'Line chart of the messages sent, delivered and failed each day from %{from} to %{to}',
    empty: 'No messages in this range.',
  },
  failures: {
    title: 'Top failure reasons',
    code: 'Code',
    message: 'Reason',
    count: 'Messages',
    help: 'Each reason opens the failed and undelivered messages in the outbox.',
    empty: 'No message failed in this range.',
  },
  programs: {
    title: 'Programs',
    program: 'Program',
    sent: 'Sent',
    delivered: 'Delivered',
    deliveryRate: 'Delivery rate',
    optOuts: 'Opt-outs',
    optOutRate: 'Opt-out rate',
    clicked: 'Clicked',
    clickRate: 'Click rate',
    help: 'Every program that sent messages in the range. The opt-out rate counts opt-outs among the people it sent to; the click rate, the people who opened a tracked link among those it reached.',
    empty: 'No program sent messages in this range.',
    exportCsv: 'Export CSV',
    /** The file 'Export CSV' downloads. */
    csvFilename: 'analytics-programs-%{from}-to-%{to}.csv',
  },
  /** Each program day's tracked links, by position (rules: src/shared/clicks.ts). */
  links: {
    title: 'Tracked links',
    program: 'Program',
    day: 'Day',
    link: 'Link',
    reached: 'Reached',
    clicked: 'Clicked',
    clickRate: 'Click rate',
    /** The row of a day whose message had several links: its people who opened any of them. */
    allLinks: 'Any of its %{count} links',
    help: 'Each program day whose messages carried tracked links, and each link. Reached: its messages known to have reached the phone; clicked: those whose link was opened (link previews and scanners do not count).',
    empty: 'No program message with a tracked link was sent in this range.',
    exportCsv: 'Export CSV',
    /** The file 'Export CSV' downloads. */
    csvFilename: 'analytics-links-%{from}-to-%{to}.csv',
  },
} as const;

/** GET /api/analytics: its query's errors. */
export const analyticsApi = {
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  toBeforeFrom: 'The end date must not be before the start date',
  rangeTooLong: 'The range may cover at most %{max} days',
  programInvalid: 'programId must be a program id',
} as const;
