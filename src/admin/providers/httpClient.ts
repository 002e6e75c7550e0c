import { fetchUtils, HttpError } from 'react-admin';
import type { ApiErrorBody } from '../../shared/responses/common';
import { session } from './session';

/** Where the API lives: same origin as the console (the Vite dev server proxies it). */
export const API_URL = '/api';

/**
 * react-admin's fetchJson with the bearer token of the stored session. Errors are HttpError with
 * the server's `error` text as the message (fetchJson alone would use `message`), so 401s reach
 * `authProvider.checkError` and the server's words reach the screen.
 */
export async function httpClient(path: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = session.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(`${API_URL}${path}`, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as Partial<ApiErrorBody> | undefined;
      throw new HttpError(body?.error || error.message, error.status, withFieldErrors(body));
    }
    throw error;
  }
}

/**
 * A file from the API, such as a CSV export: the call needs the bearer token, so the console
 * fetches it rather than opening a plain link. The name is the server's (Content-Disposition),
 * else `fallbackName`. A refusal is an HttpError with the server's `error` text.
 */
export async function fetchFile(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(`${API_URL}${path}`, {
    headers: { Authorization: `Bearer ${session.getToken() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new HttpError(body?.error ?? response.statusText, response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/**
 * Adds `errors` (the form's shape: `{messages: {2: {text: '...'}}}`) built from the server's
 * validation `details`, so react-admin puts each message next to its field.
 */
function withFieldErrors(body: Partial<ApiErrorBody> | undefined) {
  if (!body?.details?.length) return body;
  const errors: Record<string, unknown> = {};
  for (const { field, message } of body.details) {
    const keys = field.split('.');
    const last = keys.pop();
    let node: Record<string, unknown> | null = errors;
    for (const key of keys) {
      node[key] ??= {};
      // A message already stands at this level (e.g. on the whole list): keep that one.
      node = typeof node[key] === 'object' ? (node[key] as Record<string, unknown>) : null;
      if (!node) break;
    }
    if (node && last) node[last] ??= message;
  }
  return { ...body, errors };
}

/** The server's error text of a failed call, or the fallback the spec gives for that screen. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) {
    const body = error.body as Partial<ApiErrorBody> | undefined;
    if (body?.error) return body.error;
  }
  return fallback;
}
