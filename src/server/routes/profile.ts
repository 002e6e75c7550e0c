import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import type {
  ChangePasswordResponse,
  ProfileResponse,
  ProfileSessionsResponse,
  SignOutOthersResponse,
} from '../../shared/types';
import { changePasswordSchema, profileNameSchema } from '../../shared/validation/profile';
import { pathId } from '../http/path-ids';
import { parseInput } from '../http/validate';
import {
  changeOwnPassword,
  endOwnSession,
  listOwnSessions,
  signOutOtherSessions,
  toApiOwnProfile,
  updateOwnName,
} from '../services/profile';

/**
 * The signed-in user's own account (issue 13): their name, password and sessions. Every route
 * acts on `request.user` and `request.session` alone, so any signed-in host or admin may use them
 * and nobody reaches another user's account through them.
 */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/profile', async (request): Promise<ProfileResponse> => {
    return { profile: toApiOwnProfile(request.user) };
  });

  app.put('/profile', async (request): Promise<ProfileResponse> => {
    const input = parseInput(profileNameSchema, request.body);
    return { profile: await updateOwnName(app.db, request.user.id, input) };
  });

  app.post('/profile/password', async (request): Promise<ChangePasswordResponse> => {
    const input = parseInput(changePasswordSchema, request.body);
    return changeOwnPassword(app.db, request.user, request.session, input);
  });

  app.get('/profile/sessions', async (request): Promise<ProfileSessionsResponse> => {
    return { sessions: await listOwnSessions(app.db, request.user.id, request.session) };
  });

  app.post('/profile/sessions/sign-out-others', async (request): Promise<SignOutOthersResponse> =>
    signOutOtherSessions(app.db, request.user.id, request.session),
  );

  app.delete('/profile/sessions/:id', async (request) => {
    const id = pathId(request.params, messages.profileApi.sessionNotFound);
    return endOwnSession(app.db, request.user.id, request.session, id);
  });
}
