/**
 * Why the delivery engine held or failed a message (stored as the message's error), and the
 * outbox, inbox and replies API's refusals.
 */

/** Why the delivery engine did not send a message, kept with it and shown to staff. */
export const delivery = {
  // The messages API (GET /api/messages, retry) and the Twilio status webhook.
  api: {
    notFound: 'Message not found',
    invalidId: 'The message id must be a message id (a UUID)',
    retryAdminsOnly: 'Only admins can retry a message.',
    notRetryable:
      'Only a failed message, or one whose fate is unknown, can be sent again; this one is %{status}.',
    invalidSignature: 'The request is not signed by Twilio.',
    // The rules of the outbox's filters, which the replies list's and the conversation's reuse.
    invalidFilter: '%{name} must be %{what}',
    filterId: 'a UUID',
    filterDay: 'a whole number from 0 to %{max}',
    filterTime: 'a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  },
  optedOut: 'The contact opted out.',
  /** SMS_ALLOWED_COUNTRIES: where Tidings sends. */
  countryNotAllowed:
    'Tidings texts only numbers in %{countries} (SMS_ALLOWED_COUNTRIES); this number is in %{country}.',
  countryUnknown:
    'Tidings texts only numbers in %{countries} (SMS_ALLOWED_COUNTRIES); it cannot tell which country this number is in.',
  programPaused: 'The program was paused.',
  /** A rolling participant's waiting day of the run staff restarted them out of. */
  enrollmentRestarted: "Staff restarted the participant's program: their days start again.",
  /** A program message or opt-in request to a phone whose reply may ask to stop (issue 26). */
  heldForReview:
    'Held: a reply from this phone may be a request to stop, and no staff member has decided it yet (see the inbox)',
  notEligible:
    'The contact could no longer receive messages (inactive, not opted in, opted out, or no longer in the pods).',
  tooLate: 'Its time passed more than %{cutoff} ago: a message is never sent that late.',
  /** Quiet hours where the recipient may be held it from its time to its cutoff. */
  windowNeverOpened:
    'No minute between %{earliest} and %{latest} in %{places} came before its cutoff (%{cutoff} after its time), so it was never sent.',
  lostInSending:
    'The dispatcher stopped while handing this message to the provider; its fate is being checked with the provider.',
  retriesExhausted: 'The provider kept failing; Tidings stopped trying after %{attempts} attempts.',
  providerUnreachable: 'The SMS provider could not be reached.',
  notReceived:
    'The provider has no record of receiving this message, so it was queued to be sent again.',
} as const;

/** Replies from phones: the inbound webhook, Simulate reply, and what they change in the outbox. */
export const inbound = {
  api: {
    /**
     * POST /api/contacts/{id}/simulate-reply: a reply longer than Twilio delivers (an empty one is
     * told in the dialog's words, messages.conversations.simulate.bodyRequired).
     */
    bodyTooLong: 'A reply can be at most %{max} characters long.',
    /** A signed Twilio request without one of the fields every incoming message has. */
    missingField: 'An incoming message needs %{field}.',
    noPhone: 'This contact has no phone number, so there is no phone to simulate a reply from.',
    simulateLogOnly:
      'Simulate reply works with the log SMS provider only (SMS_PROVIDER=log): with Twilio, replies come from real phones.',
  },
  /** Why the dispatcher skipped an opt-in request or a test message. */
  phoneOptedOut:
    'The phone opted out (STOP): only its opt-out confirmation and help replies are sent to it.',
  /** Why a queued opt-in request was canceled. */
  alreadyOptedIn: 'The phone opted in by replying, so the request was no longer needed.',
} as const;

/**
 * Send Test MMS: what POST /api/messages/test refuses, its fields' rules first (the dialog checks
 * its own fields in its own words, messages.testMms), then what the fields name.
 */
export const testSends = {
  api: {
    recipientRequired: 'Enter a phone number or choose a contact',
    oneRecipient: 'Send to a phone number or to a contact, not both',
    invalidPhone: 'Enter a phone number',
    invalidContactId: 'The contact id must be a contact id (a UUID)',
    contentRequired: 'Type a message, or choose a product and a day',
    oneContent: 'Send your own text or a product day, not both',
    invalidBody: 'The message must be text',
    bodyTooLong: 'A test message can be at most %{max} characters',
    invalidMediaUrl: 'The media must be the URL of a file uploaded to Tidings',
    mediaNotFound:
      'Media must be uploaded to Tidings first; this URL names no uploaded file of Tidings',
    mediaWithProduct: 'A product day is sent with its own media: attach media to your own text',
    invalidProductId: 'The product id must be a product id (a UUID)',
    productRequired: 'Choose the product whose day to send',
    dayRequired: 'Choose the day of the product to send',
    invalidDay: 'The day must be a whole number from 0 to %{max}',
    contactNotFound: 'Contact not found',
    contactNoPhone: 'This contact has no phone number',
    productNotFound: 'Product not found',
    dayOutOfRange:
      '%{product} has days 0 to %{max}: the pre-message (day 0), %{days} day(s) and the conclusion (day %{max})',
    optedOut:
      'This number opted out (replied STOP) on %{date}; Tidings will not text it until it replies START.',
    tooMany:
      'You can send %{max} test messages every %{window} minutes. Please try again in %{minutes} minute(s).',
  },
} as const;

/** POST /api/contacts/{id}/messages: a staff member's reply to a contact. */
export const staffReplies = {
  api: {
    bodyRequired: 'Type the reply',
    invalidBody: 'The reply must be text',
    bodyTooLong: 'A reply can be at most %{max} characters (one text message)',
    noPhone: 'This contact has no phone number, so there is nothing to reply to',
    optedOut:
      'This number opted out on %{date}; Tidings will not text it until it replies START or JOIN.',
    tooMany:
      'You can send %{max} replies every %{window} minutes. Please try again in %{minutes} minute(s).',
  },
} as const;

/** The inbox's API: marking replies handled, assigning them, deciding replies that need review. */
export const inboxApi = {
  nothingToChange: 'Give a state (new or handled) or an assigneeId (a staff member, or null)',
  invalidState: 'The state must be new or handled',
  invalidAssignee: "The assigneeId must be a staff member's id, or null to unassign",
  invalidDecision: 'The decision must be optout or not_optout',
  notFound: 'Reply not found',
  assigneeNotStaff: 'Replies can be assigned to active hosts and admins only',
  notForReview: 'This reply needs no review: Tidings read it as %{intent}',
  alreadyDecided: 'This reply was already decided by %{staff} on %{date}',
  decideFirst:
    'This reply may be a request to stop: decide first (Opt out, or Not an opt-out); deciding marks it handled',
} as const;

/** The consent log, a contact's conversation and the replies list (issue 12's read API). */
export const consentApi = {
  filterInstant: 'a date and time with its offset (ISO 8601, e.g. 2026-05-01T09:00:00Z)',
  filterLimit: 'a whole number from 1 to %{max}',
  filterMatched: 'true or false',
  filterState: 'new or handled',
  filterAssignee: "a staff member's id, me or none",
  filterReview: 'pending',
} as const;
