/**
 * Characters that are not text: the C0 control characters other than tab, line feed and carriage
 * return (NUL among them, which PostgreSQL cannot store in a text column), and UTF-16 surrogates
 * without their other half (a JSON body may carry "\ud800"; such a string has no UTF-8 form).
 * An emoji is a surrogate pair, and text.
 */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` holds a character that is not text. */
export const hasNonText = (value: string): boolean => NOT_TEXT.test(value);

/** `value` with every character that is not text replaced by U+FFFD, to name it in a message. */
export const markNonText = (value: string): string =>
  value.replace(new RegExp(NOT_TEXT.source, 'g'), '\uFFFD');
