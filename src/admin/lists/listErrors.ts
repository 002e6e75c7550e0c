import { HttpError } from 'react-admin';
import { messages } from '../../shared/messages';
import type { ApiErrorBody } from '../../shared/responses/common';

export type ListResource = keyof typeof messages.lists.fetchFailed;

/**
 * What a failed list load says (spec section 8): the server's text when it gave one, 'Failed to
 * fetch …' when it answered without one, 'Failed to load …' when the request itself failed.
 */
export function listErrorMessage(error: unknown, resource: ListResource): string {
  if (error instanceof HttpError) {
    return (
      (error.body as Partial<ApiErrorBody> | undefined)?.error ||
      messages.lists.fetchFailed[resource]
    );
  }
  return messages.lists.loadFailed[resource];
}

/** The same rule for one record ('Failed to fetch product' / 'Failed to load product'). */
export function recordErrorMessage(error: unknown, texts: { fetch: string; load: string }): string {
  if (error instanceof HttpError) {
    return (error.body as Partial<ApiErrorBody> | undefined)?.error || texts.fetch;
  }
  return texts.load;
}
