/** A contact's conversation and consent, and the consent report. */

/**
 * The console's side of issue 12: a contact's conversation and consent, Simulate reply, the
 * contacts list's consent filter and who of a program's pods receives its messages.
 */
export const conversations = {
  title: 'Conversation',
  empty: 'No messages to or from this contact yet.',
  loadFailed: 'Failed to load the conversation',
  showEarlier: 'Show earlier',
  loadingEarlier: 'Loading...',
  allMessages: 'All messages to this contact',
  /** The caption of a message the contact sent. */
  received: 'Received',
  /** The time of a message Tidings has not handed to the provider: when it is (or was) due. */
  dueAt: 'due at %{time}',
  /** A reply a staff member typed with Simulate reply, in the conversation and the replies list. */
  simulatedBy: 'Simulated by %{staff}',
  /**
   * Who asked Tidings to send a message (a staff reply, a test send, an opt-in request): 'By',
   * not 'Sent by', since it may still be waiting to go.
   */
  sentBy: 'By %{staff}',
  /** What an inbound message asked for (src/shared/keywords.ts). */
  intents: {
    optin: 'Opt-in (JOIN)',
    optout: 'Opt-out (STOP)',
    help: 'Help',
    review: 'Needs review',
  },
  media: 'Media %{n}',
  /** An outbound program message: 'Spring Walks · Day 1'. */
  programDay: '%{program} · %{day}',
  simulate: {
    button: 'Simulate reply',
    title: 'Simulate a reply',
    intro:
      'Type a reply as if it came from %{phone}. Tidings handles it like a real one: JOIN opts them in, STOP opts them out, HELP gets the help text. It is recorded as simulated by you, never as their own consent.',
    body: 'Reply',
    bodyRequired: 'Type the reply to simulate',
    send: 'Send reply',
    sending: 'Sending...',
    received: 'Simulated reply from %{phone} handled.',
    receivedAs: 'Simulated reply from %{phone} handled as %{intent}.',
    failed: 'The reply could not be simulated. Please try again.',
  },
  /** The contact's opt-in state in words (see src/shared/consent-summary.ts). */
  optin: {
    title: 'Text messages',
    joined: 'Opted in by replying %{keyword} on %{date}',
    joinedSimulated: 'Opted in by a %{keyword} simulated by %{staff} on %{date}',
    verified: 'Marked verified by %{staff} on %{date}',
    verifiedUnrecorded: 'Opted in (the consent log has no record of how or when)',
    stopped: 'Opted out (%{keyword}) on %{date}',
    stoppedSimulated: 'Opted out by a %{keyword} simulated by %{staff} on %{date}',
    carrier: 'Opted out: the carrier reported the number unsubscribed (21610) on %{date}',
    optedOut: 'Opted out on %{date}',
    /** A save gave the contact a number that had opted out (consent belongs to the phone). */
    numberOptedOut: 'Opted out on %{date}: %{staff} saved a number that had opted out',
    requested: 'Opt-in request sent on %{date}; no reply yet',
    unverified: 'Marked not verified by %{staff} on %{date}',
    noPhone: 'Not opted in: no phone number',
    none: 'Not opted in',
    optedOutNote:
      'Only a reply of START or JOIN from their phone opts them back in; marking the phone verified does not.',
    someStaff: 'a staff member',
  },
  history: {
    title: 'Consent history',
    empty: 'No consent change recorded yet.',
    loadFailed: 'Failed to load the consent history',
    events: {
      optin_requested: 'Opt-in request sent',
      opted_in: 'Opted in',
      opted_out: 'Opted out',
      verified: 'Marked verified',
      unverified: 'Marked not verified',
      review_held: 'Messages held: a reply needs review',
      review_cleared: 'Reviewed: not an opt-out',
    },
    reply: 'Reply "%{text}"',
    /** A decision in the inbox on a reply that needed review. */
    reviewed: 'Reply "%{text}" read by %{staff}',
    replyUnknown: 'Their reply',
    /** A reply a staff member typed with Simulate reply: in effect, but not the phone's own. */
    simulated: 'Reply "%{text}" simulated by %{staff}',
    staff: 'Staff',
    /** An opted_out row a save wrote: the number had opted out before the contact had it. */
    numberOptedOut: 'The number had opted out (saved by %{staff})',
    carrier: 'Carrier (Twilio)',
    /** The provider's report of anything but an unsubscribed number. */
    provider: 'SMS provider',
    /** An event of a phone number the contact no longer has. */
    otherPhone: '%{source} · %{phone}',
  },
  filter: {
    label: 'Consent',
    all: 'All consent states',
    tag: 'Consent: %{state}',
    states: {
      opted_in: 'Opted in',
      not_opted_in: 'Not opted in',
      opted_out: 'Opted out',
    },
    optedOutOn: 'Opted out on %{date}',
  },
  /** A program's audience (ApiProgramAudience), on its Deliveries panel. */
  audience: {
    receiving:
      '%{recipients} of %{smart_count} participant in its pods will receive messages. |||| %{recipients} of %{smart_count} participants in its pods will receive messages.',
    nobody: 'Its pods have no active participants yet: nobody will receive its messages.',
    notReceiving: 'Not receiving: %{reasons}.',
    inactive: '%{count} inactive',
    optedOut: '%{count} opted out',
    noPhone: '%{count} without a phone number',
    notOptedIn: '%{count} not opted in',
    sharedPhone: '%{count} sharing a number with another participant (it gets each message once)',
  },
} as const;

/**
 * The consent report (issue 26): a contact's consent log, or that of a program's participants,
 * as CSV (GET /api/contacts/{id}/consent.csv, GET /api/programs/{id}/consent.csv).
 */
export const consentReport = {
  /** The header row, in the order of the columns (docs/carrier-registration.md lists them). */
  columns: {
    at: 'Time (UTC)',
    contact: 'Contact',
    phone: 'Phone',
    event: 'Event',
    source: 'Source',
    who: 'Staff member',
    keyword: 'Keyword',
    text: 'Message text',
  },
  download: 'Download CSV',
  downloadProgram: 'Consent report (CSV)',
  failed: 'Failed to download the consent report',
} as const;
