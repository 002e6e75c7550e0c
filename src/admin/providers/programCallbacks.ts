import type { ResourceCallbacks } from 'react-admin';
import { messages } from '../../shared/messages';
import { requireSession } from './sessionRequired';

/** The program's save, shaped in one place for Create and Edit (spec sections 7 and 8). */
export const programCallbacks: ResourceCallbacks = {
  resource: 'programs',
  beforeCreate: requireSession(messages.auth.noTokenProgramCreate),
  beforeUpdate: requireSession(messages.auth.noTokenSubmit),
};
