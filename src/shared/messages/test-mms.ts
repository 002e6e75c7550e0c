/** Send Test MMS: the dialog. */

/** The dashboard's 'Send Test MMS' dialog: one message to a phone, sent at once. */
export const testMms = {
  limit: 'Up to %{max} test messages every %{minutes} minutes.',
  /** With SMS_PROVIDER=log (GET /api/sms says so), nothing reaches a phone. */
  logProvider:
    'This server sends no SMS (SMS_PROVIDER=log): the message is logged and reported delivered a moment later.',
  recipient: 'Send to',
  recipients: { phone: 'A phone number', contact: 'A contact' },
  phone: 'Phone number',
  contact: 'Contact',
  contactHelp: 'Search by name, email or phone. Only contacts with a phone number can be chosen.',
  contactOption: '%{name} · %{phone}',
  contactNoPhone: '%{name} · no phone number',
  contactOptedOut: '%{name} · %{phone} · opted out',
  content: 'Message',
  contents: { text: 'Write a message', product: "A product's day" },
  body: 'Message text',
  product: 'Product',
  day: 'Day',
  preview: 'The message of that day',
  previewMedia: 'With %{filename}',
  previewEmpty: 'This day has no text yet.',
  send: 'Send',
  sending: 'Sending...',
  toRequired: 'Enter the phone number to send to',
  contactRequired: 'Choose a contact',
  bodyRequired: 'Write the message to send',
  productRequired: 'Choose a product',
  dayRequired: 'Choose a day of the product',
  /** Shown above the server's own text when it refuses a number that opted out (409). */
  optedOutTitle: 'Not sent: this number opted out',
  /** Shown above the server's own text when the user sent too many tests (429). */
  rateLimitedTitle: 'Not sent: too many test messages',
  failed: 'Failed to send the test message. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  queued: 'Test message to %{to} is on its way.',
  sentTo: 'To %{to}',
  sentToContact: 'To %{name} (%{to})',
  status: 'Status: %{status}',
  failure: 'Why: %{reason}',
  /** While the status cannot be read: the dialog keeps asking. */
  statusUnavailable: 'The status could not be read just now; trying again.',
  openMessage: 'Open the message page',
  sendAnother: 'Send another',
} as const;
