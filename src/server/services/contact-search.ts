import { ilike, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { phoneDigits } from '../../shared/phone';
import { users } from '../db/schema';
import { containsPattern } from './list';

/** Search text made only of what people write phone numbers with: digits, spaces, + - . ( ). */
const PHONE_TEXT = /^[\d\s+\-.()]*\d[\d\s+\-.()]*$/;

/**
 * A contact search: the text in the name, the email or the phone. Phones are stored in E.164 (a
 * plus and digits only), so text that is a phone number however written ('(503) 555-0129',
 * '+1 503 555 0129') is looked for in the phone by its digits; it still needs only one pass over
 * the contacts, as before. Text with anything else in it is not read as a phone number: the
 * digits of 'Person00042' would find every phone containing 00042.
 */
export function contactSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
    phoneSearch(users.phone, q),
  );
}

/** The search text in an E.164 phone column: by its digits when it is a phone number. */
export function phoneSearch(column: AnyColumn, q: string): SQL {
  return PHONE_TEXT.test(q)
    ? like(column, `%${phoneDigits(q)}%`)
    : ilike(column, containsPattern(q));
}
