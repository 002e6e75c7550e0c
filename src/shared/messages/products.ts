/** Products and their messages, and the media a message carries. */

export const products = {
  title: 'Products',
  item: 'product',
  items: 'products',
  createNew: 'Create New Product',
  view: 'View',
  create: 'Create Product',
  createTitle: 'Create Product',
  editTitle: 'Edit Product',
  save: 'Update Product',
  saving: 'Saving...',
  loading: 'Loading product...',
  back: 'Back to Products',
  created: 'Product "%{name}" created successfully!',
  updated: 'Product "%{name}" updated successfully!',
  nameRequired: 'Product name is required',
  daysMin: 'Must have at least 1 day',
  daysMax: 'Cannot exceed 365 days',
  daysWhole: 'Days must be a whole number',
  preMessageRequired: 'Pre-message is required',
  conclusionRequired: 'Conclusion message is required',
  dayMessageRequired: 'Day %{n} message is required',
  tooManyMessages:
    'There are %{actual} day messages for %{expected} days: send one message per day',
  tooManyLinks: 'A message can have at most %{max} links',
  messageTooLong: 'Message cannot exceed 160 characters',
  // A character that forces Unicode makes one segment hold 70 (spec: one SMS per message).
  unicodeMessageTooLong:
    'Message cannot exceed 70 characters once it has Unicode characters (an emoji counts as 2 or more)',
  exceedsLimit: 'Exceeds limit!',
  invalidUrl: 'Invalid URL format',
  urlTooLong: 'Use a shortened URL (20-25 chars max)',
  urlShortenerHint: 'Consider using a URL shortener',
  trackedUrlTooLong: 'A tracked link cannot exceed %{max} characters',
  trackedHint:
    'Each participant gets their own short link (%{length} characters), and opens are counted',
  unknownField:
    'Unknown personal field %{fields}: use {first_name}, {last_name}, {program_name}, {day} or {days_left}',
  brokenField:
    'Broken personal field %{fields}: write {first_name}, or {first_name|there} with a fallback of up to %{max} characters',
  fieldsNote:
    'Personal fields are counted as %{names} characters for a name and %{numbers} for a number',
  fallbackRecommended: 'Fallback URL is recommended when media is included',
  fallbackHelp: "Link to full content in case MMS doesn't render properly",
  fields: {
    name: 'Product name',
    days: 'Days',
    status: 'Status',
    createdAt: 'Created',
    updatedAt: 'Updated',
    actions: 'Actions',
    search: 'Search by name',
    text: 'Message text',
    linkUrl: 'Link URL',
    linkLabel: 'Link label',
    linkTracked: 'Track clicks',
    fallbackUrl: 'Fallback URL',
  },
  statuses: { active: 'Active', inactive: 'Inactive', archived: 'Archived' },
  allStatuses: 'All statuses',
  statusFilterTag: 'Status: %{status}',
  dayTitles: {
    pre: 'Pre-message (Day 0)',
    day: 'Day %{n}',
    conclusion: 'Conclusion (Day %{n})',
  },
  daysSummary: '%{days} days, %{total} messages in all',
  counter: '%{length}/%{limit}',
  lengthDetail: 'Text %{text} + links %{links} = %{total} characters',
  addLink: 'Add link',
  removeLink: 'Remove link',
  attachMedia: 'Attach image or video',
  uploading: 'Uploading %{percent}%',
  removeMedia: 'Remove media',
  jumpToDay: 'Go to day',
  jump: 'Go',
  errorsSummary: 'Fix these before saving:',
  sms: {
    gsm: 'GSM-7',
    ucs2: 'Unicode (UCS-2)',
    segments: '%{count} SMS segment(s)',
    unitsOfSegment: '%{units}/%{perSegment} per segment',
    unicodeWarning:
      'These characters make the whole message Unicode, which fits only 70 characters per segment:',
    replace: 'Replace with plain characters',
    emojiNote: 'Emoji have no plain equivalent: remove them to go back to 160 characters.',
  },
  guidelines: {
    title: 'Message guidelines',
    length:
      'Keep each message within 160 characters, counting the URLs of its links and the line break before each. Above 140 the counter turns orange.',
    links:
      'Use short links of 20 to 25 characters (a URL shortener helps). Links are sent after the text, each on its own line.',
    media:
      'One image (JPG, PNG or GIF up to 500 KB) or one MP4 video (up to 1 MB and 15 seconds) per message, with a fallback URL in case the picture message does not arrive.',
    characters:
      'Curly quotes, long dashes and emoji switch a message to Unicode, which fits 70 characters per segment instead of 160: a message is kept to one segment, so to 70.',
    optOut: 'Tell participants in the pre-message how to stop: "Reply STOP to opt out."',
  },
  errors: {
    create: 'Failed to create product. Please try again.',
    update: 'Failed to update product. Please try again.',
    fetch: 'Failed to fetch product',
    load: 'Failed to load product',
    uploadInProgress: 'Wait for the media upload to finish before saving.',
    settings: 'Could not load how messages are counted on this server. Please try again.',
  },
} as const;

export const media = {
  invalidType: 'Invalid file type. Please upload JPG, PNG, GIF, or MP4 files only.',
  imageTooLarge: 'Image/GIF file too large. Maximum size is 500KB. Please choose a smaller file.',
  videoTooLarge: 'Video file too large. Maximum size is 1MB. Please choose a smaller file.',
  empty: 'The file is empty.',
  uploadFailed: 'The upload failed. Please try again.',
} as const;
