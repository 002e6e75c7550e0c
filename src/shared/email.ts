/** The spec's notion of a valid address: something of the form x@y.z, without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address SMTP allows (RFC 5321); longer input is refused, not truncated. */
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Emails are stored and compared trimmed and lower-cased, so 'Ann@X.org' and 'ann@x.org' are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
