import { HttpError } from 'react-admin';
import { messages } from '../../shared/messages';
import { serverMessage } from '../providers/httpClient';

/**
 * What a failed account call says: the server's own text when it answered (a refused token, a
 * rate limit), the page's fallback when it answered without one, and the network text when no
 * answer came at all.
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return messages.verifyEmail.network;
  return serverMessage(error, fallback);
}
