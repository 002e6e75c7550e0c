import { HttpError } from 'react-admin';
import { messages } from '../../../shared/messages';
import { serverMessage } from '../../providers/httpClient';
import { NoSessionError } from '../../providers/sessionRequired';
import type { ProgramFormMode } from './programFormValues';

/**
 * Spec section 8: the server's text when it gave one, 'Failed to create program' (or update) when
 * it answered without one, and 'An error occurred while creating the program' (or updating) when
 * no answer came at all. A save refused for want of a session says so in its own words.
 */
export function saveErrorMessage(mode: ProgramFormMode, error: unknown): string {
  const texts = messages.programs.errors;
  if (error instanceof NoSessionError) return error.message;
  if (!(error instanceof HttpError)) {
    return mode === 'create' ? texts.createException : texts.updateException;
  }
  return serverMessage(error, mode === 'create' ? texts.create : texts.update);
}
