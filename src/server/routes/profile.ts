import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successSchema } from '../../shared/responses/common';
import {
  changePasswordResponse,
  profileResponse,
  sessionsResponse,
  signOutOthersResponse,
} from '../../shared/responses/users';
import { changePasswordSchema, profileNameSchema } from '../../shared/validation/profile';
import { serverTexts } from '../texts';
import { idParams } from '../http/path-ids';
import {
  changeOwnPassword,
  endOwnSession,
  listOwnSessions,
  signOutOtherSessions,
  toApiOwnProfile,
  updateOwnName,
} from '../services/profile';

const tags = ['Profile'];

/**
 * The signed-in user's own account (issue 13): their name, password and sessions. Every route
 * acts on `request.user` and `request.session` alone, so any signed-in host or admin may use them
 * and nobody reaches another user's account through them.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    { schema: { summary: 'Your account', tags, response: { 200: profileResponse } } },
    async (request) => ({ profile: toApiOwnProfile(request.user) }),
  );

  app.put(
    '/profile',
    {
      schema: {
        summary: 'Change your name',
        tags,
        body: profileNameSchema,
        response: { 200: profileResponse },
      },
    },
    async (request) => ({ profile: await updateOwnName(app.db, request.user.id, request.body) }),
  );

  app.post(
    '/profile/password',
    {
      schema: {
        summary: 'Change your password (your other sessions end)',
        tags,
        body: changePasswordSchema,
        response: { 200: changePasswordResponse },
      },
    },
    async (request) => changeOwnPassword(app.db, request.user, request.session, request.body),
  );

  app.get(
    '/profile/sessions',
    { schema: { summary: 'Your live sessions', tags, response: { 200: sessionsResponse } } },
    async (request) => ({
      sessions: await listOwnSessions(app.db, request.user.id, request.session),
    }),
  );

  app.post(
    '/profile/sessions/sign-out-others',
    {
      schema: {
        summary: 'End every session but this one',
        tags,
        response: { 200: signOutOthersResponse },
      },
    },
    async (request) => signOutOtherSessions(app.db, request.user.id, request.session),
  );

  app.delete(
    '/profile/sessions/:id',
    {
      schema: {
        summary: 'End one of your other sessions',
        tags,
        params: idParams(serverTexts.profileApi.sessionNotFound),
        response: { 200: successSchema },
      },
    },
    async (request) => endOwnSession(app.db, request.user.id, request.session, request.params.id),
  );
};
