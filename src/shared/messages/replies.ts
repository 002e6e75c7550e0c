/** Replies received, the inbox, and staff replies. */

/**
 * /inbound-messages: every reply phones sent, also from numbers Tidings does not know (only
 * there can staff see those). What a reply asked for is named by `conversations.intents`.
 */
export const replies = {
  title: 'Inbox',
  /** The link from the messages list to this one, and back. */
  link: 'Inbox (replies received)',
  outboxLink: 'Messages sent',
  items: 'replies',
  fields: {
    receivedAt: 'Received',
    from: 'From',
    contact: 'Contact',
    body: 'Message',
    intent: 'Asked for',
    search: 'Search text or phone',
  },
  /** The Contact column of a reply from a phone no contact has. */
  unknownNumber: 'Unknown number',
  media: '1 picture or video |||| %{smart_count} pictures or videos',
  allIntents: 'Anything',
  /** A reply that is not a keyword: free text, stored and shown, never answered. */
  noIntent: 'Nothing (free text)',
  allNumbers: 'Any number',
  numbers: {
    known: 'Known contacts',
    unknown: 'Unknown numbers',
  },
  filterTag: '%{name}: %{value}',
  empty: 'No replies received yet.',
  emptyFiltered: 'No replies match these filters.',
  /** The inbox: each reply is new until handled, and may be assigned to a staff member. */
  inbox: {
    title: 'Inbox',
    state: 'State',
    states: { new: 'New', handled: 'Handled' },
    allStates: 'New and handled',
    assignee: 'Assigned to',
    assignees: { me: 'Me', none: 'Nobody' },
    anyone: 'Anyone',
    review: 'Review',
    reviews: { pending: 'Needs review' },
    allReviews: 'Any',
    unassigned: 'Unassigned',
    actions: 'Actions',
    reply: 'Reply',
    replyTo: 'Reply to %{name}',
    markHandled: 'Mark handled',
    markNew: 'Mark new',
    assignToMe: 'Assign to me',
    unassign: 'Unassign',
    handledBy: 'Handled by %{staff}',
    handledByTidings: 'Answered by Tidings',
    updated: 'Reply updated',
    updateFailed: 'The reply could not be updated. Please try again.',
    /** A reply that may be a request to stop: the decision the inbox asks for. */
    reviewQuestion: 'Is this a request to stop? Messages to this phone are held until you decide.',
    optOut: 'Opt out',
    notOptOut: 'Not an opt-out',
    decidedOptOut: 'Read as a request to stop by %{staff}: the phone is opted out',
    decidedNotOptOut: 'Read as not an opt-out by %{staff}',
    decided: 'Decision recorded',
    close: 'Close',
  },
} as const;

/** The reply box under a conversation and in the inbox (POST /api/contacts/{id}/messages). */
export const staffReply = {
  label: 'Your reply',
  send: 'Send reply',
  sending: 'Sending...',
  queued: 'Reply queued to %{phone}.',
  /** The reply keeps the quiet hours where the contact is (they have not written in 24 hours). */
  waiting: 'Reply queued: it goes at %{time}, when quiet hours end where they are.',
  rule: 'A reply to someone who wrote in the last %{hours} hours goes at once; otherwise it waits for %{earliest}-%{latest} where they are.',
  optedOut: 'They opted out: Tidings will not text this number until it replies START or JOIN.',
  noPhone: 'No phone number: there is nothing to reply to.',
  failed: 'The reply could not be sent. Please try again.',
  limit: 'You can send %{max} replies every %{minutes} minutes.',
} as const;
