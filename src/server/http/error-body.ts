import { ERROR_BODY_LIMITS } from '../../shared/constants';
import type { ApiErrorBody, ValidationDetail } from '../../shared/responses/common';

/**
 * The body of every error answer, bounded whatever the input was: messages may quote the client
 * (the ids of unknown pods, a URL, a field name it sent), and one bad request may fail thousands
 * of rules. Every text is cut to `ERROR_BODY_LIMITS.text` characters and at most
 * `ERROR_BODY_LIMITS.details` details are sent, the first ones, which is what a form shows first;
 * `moreDetails` counts the rest.
 */
export function errorBody(message: string, details?: readonly ValidationDetail[]): ApiErrorBody {
  const body: ApiErrorBody = { error: cut(message) };
  if (!details) return body;
  body.details = details.slice(0, ERROR_BODY_LIMITS.details).map((detail) => ({
    ...detail,
    field: cut(detail.field),
    message: cut(detail.message),
  }));
  if (details.length > ERROR_BODY_LIMITS.details) {
    body.moreDetails = details.length - ERROR_BODY_LIMITS.details;
  }
  return body;
}

/** `text` within the limit, ending in '…' when it was cut. */
function cut(text: string): string {
  if (text.length <= ERROR_BODY_LIMITS.text) return text;
  // Never split a surrogate pair: half of one is not text.
  let end = ERROR_BODY_LIMITS.text - 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
  return `${text.slice(0, end)}…`;
}
