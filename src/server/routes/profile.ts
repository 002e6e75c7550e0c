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
import { sessionOf } from '../auth/authenticate';
import {
  changeOwnPassword,
  endOwnSession,
  listOwnSessions,
  signOutOtherSessions,
  toApiOwnProfile,
  updateOwnName,
} from '../services/profile';

const tags = ['Profile'];
/** Your own account is a person's: an API key, which acts for one, may not use these routes. */
const config = { sessionOnly: true };

/**
 * The signed-in user's own account (issue 13): their name, password and sessions. Every route
 * acts on `request.user` and its session alone, so any signed-in host or admin may use them and
 * nobody reaches another user's account through them.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    { config, schema: { summary: 'Your account', tags, response: { 200: profileResponse } } },
    async (request) => ({ profile: toApiOwnProfile(request.user) }),
  );

  app.put(
    '/profile',
    {
      config,
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
      config,
      schema: {
        summary: 'Change your password (your other sessions end)',
        tags,
        body: changePasswordSchema,
        response: { 200: changePasswordResponse },
      },
    },
    async (request) => changeOwnPassword(app.db, request.user, sessionOf(request), request.body),
  );

  app.get(
    '/profile/sessions',
    {
      config,
      schema: { summary: 'Your live sessions', tags, response: { 200: sessionsResponse } },
    },
    async (request) => ({
      sessions: await listOwnSessions(app.db, request.user.id, sessionOf(request)),
    }),
  );

  app.post(
    '/profile/sessions/sign-out-others',
    {
      config,
      schema: {
        summary: 'End every session but this one',
        tags,
        response: { 200: signOutOthersResponse },
      },
    },
    async (request) => signOutOtherSessions(app.db, request.user.id, sessionOf(request)),
  );

  app.delete(
    '/profile/sessions/:id',
    {
      config,
      schema: {
        summary: 'End one of your other sessions',
        tags,
        params: idParams(serverTexts.profileApi.sessionNotFound),
        response: { 200: successSchema },
      },
    },
    async (request) =>
      endOwnSession(app.db, request.user.id, sessionOf(request), request.params.id),
  );
};
