/**
 * The console's frame: the app's name, navigation, the lists' common parts, Help, the rich-text
 * toolbar, the simulation notices, and the one server text the console's own import preview uses.
 */

export const app = {
  name: 'Tidings',
  loading: 'Loading...',
  tryAgain: 'Try Again',
  dismiss: 'Dismiss',
  cancel: 'Cancel',
  never: 'Never',
} as const;

export const nav = {
  dashboard: 'Dashboard',
  programs: 'Programs',
  products: 'Products',
  contacts: 'Contacts',
  pods: 'Pods',
  analytics: 'Analytics',
  profile: 'Profile',
  help: 'Help',
  logout: 'Logout',
  /** The top bar's inbox button: its name says how many replies are new. */
  inbox: 'Inbox',
  inboxCount: 'Inbox: %{smart_count} new reply |||| Inbox: %{smart_count} new replies',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  /** The name of the narrow screen's menu drawer and its list of links. */
  menu: 'Menu',
} as const;

export const lists = {
  showing: 'Showing %{shown} of %{total} %{items}',
  /** The tag of a list's search. */
  searchTag: 'Search: %{q}',
  clear: 'Clear',
  empty: {
    programsFiltered: 'No programs match your search criteria.',
    programs: 'No programs created yet.',
    contacts: 'No contacts found.',
    pods: 'No pods found. Create one from the Contacts page.',
    products: 'No products found. Create your first product to get started.',
    messages: 'No messages yet.',
    messagesFiltered: 'No messages match these filters.',
  },
  fetchFailed: {
    programs: 'Failed to fetch programs',
    contacts: 'Failed to fetch contacts',
    pods: 'Failed to fetch pods',
    products: 'Failed to fetch products',
    messages: 'Failed to fetch messages',
    replies: 'Failed to fetch replies',
    apiKeys: 'Failed to fetch API keys',
    webhooks: 'Failed to fetch webhook endpoints',
  },
  loadFailed: {
    programs: 'Failed to load programs',
    contacts: 'Failed to load contacts',
    pods: 'Failed to load pods',
    products: 'Failed to load products',
    messages: 'Failed to load messages',
    replies: 'Failed to load replies',
    apiKeys: 'Failed to load API keys',
    webhooks: 'Failed to load webhook endpoints',
  },
} as const;

/** /help: its text is src/admin/help/help.md; these frame it. */
export const help = {
  title: 'Help',
  contents: 'On this page',
} as const;

/**
 * The rich-text toolbar of the contact's bio/notes. react-admin's editor reads these as
 * `ra.tiptap.*` (src/admin/i18n.ts), hence the key names.
 */
export const richTextToolbar = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  list_bulleted: 'Bulleted list',
  list_numbered: 'Numbered list',
  link: 'Add a link',
} as const;

/**
 * While the server only pretends to send (GET /api/simulation): SMS with SMS_PROVIDER=log, email
 * without SMTP_URL. A banner on every screen says so, and an outcome that was simulated says it
 * was, in place of the words for a real send.
 */
export const simulation = {
  banner: {
    label: 'Simulated sending',
    sms: 'SMS is simulated: this server sends no text messages (SMS_PROVIDER=log). Each one is written to the server log and reported delivered.',
    email:
      'Email is simulated: this server sends no email (SMTP_URL is not set). Each one is written to the server log with its link.',
    both: 'SMS and email are simulated: this server sends no text messages (SMS_PROVIDER=log) and no email (SMTP_URL is not set). Each one is written to the server log.',
    setUp: 'How to set up sending',
  },
  /** The log provider's statuses keep their place; only their words change. */
  statuses: {
    sent: 'Sent (simulated)',
    delivered: 'Delivered (simulated)',
  },
  statusHelp: {
    sent: 'Simulated: written to the server log (SMS_PROVIDER=log). No phone received it.',
    delivered:
      'Simulated: the log provider reports every message delivered (SMS_PROVIDER=log). No phone received it.',
  },
  sentToday: 'Sent today (simulated)',
  sentTodayHelp: 'Written to the server log today: SMS is simulated, no phone received them',
  optinQueued:
    ' Opt-in message has been queued; SMS is simulated, so it goes to the server log, not to the phone.',
  welcomeQueued:
    ' Welcome email has been queued; email is simulated, so it goes to the server log, not to the inbox.',
  welcomeEmailSent:
    'Welcome email simulated %{time}: written to the server log, not sent (SMTP_URL is not set).',
  welcomeResent:
    'Welcome email has been queued; email is simulated, so it goes to the server log, not to the inbox.',
  /** Forgot password: the server's configuration, the same for every address. */
  resetLinkLogged:
    'If an account exists for that address, a link to reset the password was written to the server log: this server sends no email (SMTP_URL is not set).',
} as const;

/** The API's rule for any text, which an imported file's cells follow too. */
export const server = {
  invalidCharacters: 'Text must not contain control characters or invalid characters',
} as const;
