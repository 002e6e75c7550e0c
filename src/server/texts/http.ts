/** The HTTP layer's errors, and those of signing in, the account links and a user's sessions. */

/** The HTTP layer's own answers: malformed requests, unknown routes, lists too long to send. */
export const server = {
  notFound: 'Not found',
  routeNotFound: 'No API route %{method} %{url}',
  invalidJson: 'The request body is not valid JSON',
  emptyJson: 'The request body is empty',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type: send JSON',
  internal: 'Internal server error',
  validationFailed: 'Validation failed',
  invalidUrl: 'The address of the request is not valid',
  headersTooLarge: 'The address or headers of the request are too large',
  badRequest: 'The request could not be read',
  consoleNotBuilt: 'The console has not been built. Run `npm run build`, then reload.',
  /** A whole list asked for (no `page`) that is too long to send at once. */
  listTooLong:
    'This list has more than %{max} rows, too many to send at once: ask for it a page at a time, with page and perPage (up to %{perPage} a page), for example ?page=1&perPage=%{perPage}.',
  /** More whole lists and downloads at once than one user may have (HEAVY_REQUESTS). */
  tooManyHeavy:
    'You already have %{max} whole lists or downloads under way: please wait for one of them to finish.',
} as const;

/** The pages of `/l/{code}` (http/short-links.ts), shown to whoever opened a message's link. */
export const shortLinks = {
  unknownTitle: 'Link not found',
  unknown: 'This link is not known.',
  unknownHint:
    'Check that the whole link from your message was opened: part of it may have been cut off.',
  unavailableTitle: 'Link not available',
  unavailable: 'This link cannot be opened right now.',
  unavailableHint: 'Please try again in a few minutes.',
} as const;

export const auth = {
  accountInactive: 'This account is not active. Ask an administrator to reactivate it.',
  emailNotVerified:
    'Please verify your email address before signing in. Check your inbox for the verification link.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in %{minutes} minute(s).',
  tokenRequired: 'Authentication required',
} as const;

/** The account routes behind the email links (verify, set password, forgot password, resend). */
export const account = {
  tooManyRequests: 'Too many requests. Please try again in %{minutes} minute(s).',
  /** One text for every bad set-password token, so it does not tell whether the account exists. */
  setPasswordLinkInvalid:
    'This link to set a password is invalid or has expired. Please ask for a new one.',
  welcomeOnlyForStaff: 'Only hosts and admins receive a welcome email.',
  welcomeAlreadyVerified: 'This email address is already verified: no welcome email is needed.',
} as const;

/** The profile routes (/api/profile...): the signed-in user's own account. */
export const profileApi = {
  tooManyWrongPasswords:
    'Too many wrong current passwords. Please try again in %{minutes} minute(s).',
  sessionNotFound: 'Session not found',
  currentSession: 'This is the session you are using: to end it, use Logout.',
} as const;
