/**
 * Programs, products and media: the API's refusals, the upload's errors, and the carrier
 * registration's generated texts.
 */

export const programs = {
  unknownProduct: 'This product does not exist: %{id}',
  unknownPods: 'These pods do not exist: %{ids}',
  notFound: 'Program not found',
  cannotPause: 'Only a scheduled or running program can be paused.',
  cannotResume: 'This program is not paused.',
  /** POST /api/programs/{id}/enrollments/{contactId}/restart: why a participant cannot restart. */
  restart: {
    noEnrollment: 'This contact has no enrollment in this program',
    notRolling:
      'Only a rolling program restarts a participant: this one puts everyone on one calendar.',
    noSchedule: 'This program has no product or no start date, so it has no days to restart.',
    paused: 'This program is paused: resume it before restarting a participant.',
    completed: 'This program is completed: it sends nothing more.',
    enrollmentClosed:
      "This program's enrollment ended on %{date}: a restart now would start on %{start}, after it.",
    notMember: '%{name} is not an active member of an active pod of this program.',
    inactive: '%{name} is inactive.',
    optedOut: '%{name} has opted out of text messages.',
    noPhone: '%{name} has no phone number.',
    notOptedIn: '%{name} has not opted in to text messages (replied JOIN).',
  },
  /** GET /api/programs/{id}/preview. */
  preview: {
    noProduct: 'This program has no product yet, so it has no message to preview.',
    noStartDate: 'This program has no start date yet: choose one to preview its messages.',
    dayOutOfTime:
      "This program's start date (%{date}) puts day %{day} outside the years 1 to 9999: choose another start date to preview its messages.",
    dayOutOfRange:
      'Day %{day} is not a day of this program: its days run from 0 (the pre-message) to %{last} (the conclusion).',
  },
} as const;

export const products = {
  mediaNotFound: 'This media file is not on the server. Upload it again.',
  notFound: 'Product not found',
} as const;

export const media = {
  videoTooLong: 'Video is too long. Maximum length is 15 seconds.',
  videoUnreadable: 'This video cannot be read. Please upload a standard MP4 file.',
  noFile: 'Choose a file to upload.',
  malformed: 'The upload was incomplete or malformed. Please choose the file and upload it again.',
  oneFileOnly: 'Upload one file at a time, with nothing else in the form.',
  rangeNotSatisfiable: 'The range asked for lies beyond the end of the file.',
} as const;

/**
 * Help > Carrier registration (issue 26): the facts GET /api/carrier-registration writes for the
 * page from Tidings' own programs, products and texts.
 */
export const carrierRegistration = {
  /** GET /api/carrier-registration?programId=…: not a program id. */
  programInvalid: 'programId must be a program id',
  /** The name every text Tidings writes opens with (sms.ts): the brand carriers register. */
  brand: 'Tidings',
  /** The facts the server writes (src/server/services/carrier-registration.ts). */
  description:
    '%{brand} sends the participants of the program "%{program}" the messages of "%{product}": %{count} text messages, up to one a day. Staff enroll each participant in a pod; no message goes to a phone until it replies JOIN to the opt-in request below.',
  descriptionNoProduct:
    '%{brand} sends the participants of the program "%{program}" the messages of its product, up to one a day. The program has no product yet. Staff enroll each participant in a pod; no message goes to a phone until it replies JOIN to the opt-in request below.',
  frequency: 'Up to 1 message a day: %{count} messages over %{span} days.',
  frequencyOne: 'One message, on a single day.',
  frequencyNone: 'The program has no product message to send yet.',
  /** The first name in the opt-in request, which Tidings fills in for each participant. */
  firstName: '[first name]',
} as const;
