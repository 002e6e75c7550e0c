/**
 * The outbox as the console shows it: statuses, kinds, fields and a program's deliveries, and what
 * Twilio's error codes mean. Why the engine held or failed a message is the server's
 * (server/texts/delivery.ts), stored with the message.
 */
export const delivery = {
  /**
   * What Twilio's delivery error codes mean, for the console's failure lists. Twilio's status
   * callback carries only the code; unlisted codes get `twilioOther`.
   */
  twilioErrors: {
    '21211': 'Invalid phone number.',
    '21408': 'Sending to this region is not enabled on the Twilio account.',
    '21610': 'The recipient has unsubscribed (replied STOP).',
    '21612': 'Twilio cannot route a message to this number.',
    '21614': 'Not a mobile number: it cannot receive text messages.',
    '30003': 'Unreachable handset: the phone is off or out of coverage.',
    '30004': 'Message blocked by the recipient or their carrier.',
    '30005': 'Unknown destination: the number does not exist or is no longer in service.',
    '30006': 'Landline or unreachable carrier.',
    '30007': 'Filtered by the carrier as spam or unregistered traffic.',
    '30008': 'Unknown error from the carrier.',
    '30034': 'Blocked by the carrier: the sending number is not registered (A2P 10DLC).',
  },
  twilioOther: 'Twilio error %{code}.',

  // The console's words for the outbox. 'Sent' only ever names a message the provider took.
  statuses: {
    queued: 'Queued',
    sending: 'Sending',
    unknown: 'Unknown',
    sent: 'Sent',
    delivered: 'Delivered',
    undelivered: 'Undelivered',
    failed: 'Failed',
    expired: 'Expired',
    canceled: 'Canceled',
    skipped: 'Skipped',
  },
  statusHelp: {
    queued: 'Waiting for its time, or for another try after a passing failure.',
    sending: 'Being handed to the SMS provider right now.',
    unknown:
      'The dispatcher stopped while handing it to the provider. Tidings is asking the provider what became of it and will not send it again on its own.',
    sent: 'Handed to the SMS provider, which accepted it. The carrier has not confirmed delivery yet.',
    delivered: 'The provider reported it delivered to the phone.',
    undelivered: 'The provider reported that the carrier could not deliver it.',
    failed: 'Refused for good, by the provider or after the last try. An admin can retry it.',
    expired:
      'Its time passed by more than the delivery cutoff before it could go, so it was never sent late.',
    canceled: 'Withdrawn before it was sent: the program was paused or the contact opted out.',
    skipped: 'Not sent: the recipient could no longer receive messages when its turn came.',
  },
  kinds: {
    optin: 'Opt-in request',
    program: 'Program message',
    confirmation: 'Confirmation',
    reply: 'Reply',
    staff: 'Staff reply',
    test: 'Test message',
  },
  sources: {
    planner: 'Planner',
    dispatcher: 'Dispatcher',
    provider: 'Provider',
    staff: 'Staff',
    system: 'System',
  },
  title: 'Messages',
  item: 'message',
  items: 'messages',
  fields: {
    createdAt: 'Created',
    sendAfter: 'Due',
    recipient: 'Recipient',
    phone: 'Phone',
    program: 'Program',
    contact: 'Contact',
    day: 'Day',
    kind: 'Kind',
    status: 'Status',
    body: 'Message',
    media: 'Media',
    segments: 'Segments',
    attempts: 'Attempts',
    providerMessageId: 'Provider message id',
    error: 'Error',
    errorCode: 'Error code',
    errorMessage: 'Error text',
    sentAt: 'Sent',
    deliveredAt: 'Delivered',
    from: 'Created from',
    to: 'Created until',
    // The time filters the dashboard's figures link with (half-open: 'before' is not included).
    sentFrom: 'Sent from',
    sentBefore: 'Sent before',
    dueBefore: 'Due before',
    updatedFrom: 'Last change from',
    updatedBefore: 'Last change before',
    time: 'Time',
    source: 'Source',
    linkOpens: 'Clicks',
  },
  /**
   * How often the recipient opened a message's tracked links: counted clicks only, never a link
   * preview or scanner (docs/links.md).
   */
  linkOpens: {
    notOpened: 'Link not opened',
    once: 'Opened the link once',
    twice: 'Opened the link twice',
    times: 'Opened the link %{count} times',
    noneOfMany: 'None of its %{links} links opened',
    someOfMany: 'Opened %{opened} of %{links} links',
    firstAt: 'First opened %{time}',
  },
  allKinds: 'All kinds',
  dayFilterTag: 'Day %{day}',
  openMedia: 'Open media',
  none: '—',
  detailTitle: 'Message',
  back: 'Back to Messages',
  loading: 'Loading message...',
  historyTitle: 'Status history',
  noHistory: 'No status change recorded yet.',
  errors: {
    fetch: 'Failed to fetch message',
    load: 'Failed to load message',
  },
  retry: {
    button: 'Retry',
    confirmTitle: 'Retry this message?',
    unknownWarning:
      'Tidings lost track of this message while handing it to the provider: it may already have been delivered. Retrying can send it a second time.',
    confirm: 'Retry anyway',
    // Queued, not sent: nothing has reached the provider yet.
    done: 'The message is queued to go out again.',
    failed: 'Failed to retry the message',
  },
  panel: {
    title: 'Deliveries',
    empty: 'No message of this program has been planned yet.',
    loadFailed: 'Failed to load the deliveries',
    day: 'Day',
    sendAt: 'Goes out',
    failures: 'Why they failed',
    failure: '%{reason} (%{count})',
    noReason: 'No reason given',
    /** Messages quiet hours hold where their recipients may be (docs/quiet-hours.md). */
    quietHours: 'Waiting for daytime where the recipients are',
    waiting: '%{count} waiting for %{time} on %{date} in %{place}',
    allMessages: 'All messages of this program',
    /** Clicks on the day's tracked links (shared/clicks.ts); a day without one shows '—'. */
    clicked: 'Clicked',
    clickRate: 'Click rate',
    clickRateOf: '%{clicked} of %{reached} that reached the phone',
    clicksHelp:
      "Clicked: people who opened a tracked link of the day; link previews and scanners do not count. Click rate: out of the day's messages known to have reached the phone (delivered, or opened), or every message the provider took when it reported none delivered.",
    /** A rolling program's participants counted (GET /api/programs/{id}/deliveries' enrollments). */
    enrollments: {
      title: 'Enrollments',
      enrolled: 'Enrolled',
      active: 'Active',
      finished: 'Finished',
      ended: 'Ended',
      help: 'Enrolled: everyone the program has enrolled. Active: on their way, their conclusion still to come. Finished: their conclusion went out. Ended: they left the pods or opted out before it.',
    },
    /** A rolling program's days: one row per day number, over everyone's own calendar. */
    rollingDays:
      "Each participant gets their days on their own calendar from their day 0, so a day's row counts that day's messages of everyone, whenever it went out.",
  },
} as const;
