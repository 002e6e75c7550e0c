import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerList } from '../http/list-answer';
import {
  contactEnrollmentsResponse,
  enrollmentListResponse,
  programDeliveriesResponse,
  programListResponse,
  programPreviewResponse,
  programResponse,
} from '../../shared/responses/programs';
import {
  enrollmentListQuerySchema,
  programListQuerySchema,
  programSchema,
  programUpdateBodySchema,
} from '../../shared/validation/program';
import { serverTexts } from '../texts';
import { idParams } from '../http/path-ids';
import { contactParams } from './contacts';
import { engineClock } from '../delivery/engine';
import { programDeliveries } from '../services/deliveries';
import { contactEnrollments, enrollmentList } from '../services/enrollments';
import { restartEnrollment } from '../services/enrollment-restart';
import { programPreview } from '../services/program-preview';
import { programPreviewQuerySchema } from '../validation/program-preview';
import {
  createProgram,
  getProgram,
  programList,
  setPaused,
  updateProgram,
} from '../services/programs';

/** A malformed id names no program: 404, as an unknown one. */
export const programParams = idParams(serverTexts.programs.notFound);
const params = programParams;
/** A program and one of its participants; a malformed id names no enrollment (404). */
const restartParams = idParams(serverTexts.programs.restart.noEnrollment, ['id', 'contactId']);
const tags = ['Programs'];
const one = { 200: programResponse };

/**
 * Programs (spec section 7): `{programs}` for the list; one program is answered as the object
 * itself, as the spec's client reads it.
 */
export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/programs',
    {
      schema: {
        summary: 'List programs',
        tags,
        querystring: programListQuerySchema,
        response: { 200: programListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'programs',
        programListResponse.shape.programs.element,
        programList(app.db, request.query),
        request.query,
      ),
  );

  app.get(
    '/programs/:id',
    { schema: { summary: 'A program', tags, params, response: one } },
    async (request) => getProgram(app.db, request.params.id),
  );

  app.post(
    '/programs',
    {
      schema: {
        summary: 'Create a program',
        tags,
        body: programSchema,
        response: { 201: programResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProgram(app.db, request.body, request.user.id)),
  );

  app.put(
    '/programs/:id',
    {
      schema: {
        summary: 'Update a program',
        description:
          'The start date rules apply when the start date changes: a program keeps the one it has.',
        tags,
        params,
        body: programUpdateBodySchema,
        response: one,
      },
    },
    async (request) => updateProgram(app.db, request.params.id, request.body),
  );

  app.post(
    '/programs/:id/pause',
    { schema: { summary: 'Pause a program', tags, params, response: one } },
    async (request) => setPaused(app.db, request.params.id, true),
  );

  // The Deliveries panel: each day's messages by status, their failures, the recipients now, and
  // a rolling program's enrollments counted.
  app.get(
    '/programs/:id/deliveries',
    {
      schema: {
        summary:
          "Each day's messages by status, their failures, who receives it now, and a rolling program's enrollments counted",
        tags,
        params,
        response: { 200: programDeliveriesResponse },
      },
    },
    async (request) => programDeliveries(app.db, request.params.id, engineClock(app.config)()),
  );

  // A rolling program's participants: where each is, and how many are active, finished, ended.
  app.get(
    '/programs/:id/enrollments',
    {
      schema: {
        summary: "A page of a rolling program's enrollments, and how many are in each status",
        tags,
        params,
        querystring: enrollmentListQuerySchema,
        response: { 200: enrollmentListResponse },
      },
    },
    async (request) =>
      enrollmentList(app.db, request.params.id, request.query, engineClock(app.config)()),
  );

  // Where a contact is in each rolling program (their page's Programs panel).
  app.get(
    '/contacts/:id/enrollments',
    {
      schema: {
        summary: 'Where a contact is in each rolling program that enrolled them',
        tags,
        params: contactParams,
        response: { 200: contactEnrollmentsResponse },
      },
    },
    async (request) =>
      contactEnrollments(
        app.db,
        request.params.id,
        engineClock(app.config)(),
        app.config.deliveryCutoffMs,
      ),
  );

  // Staff start a rolling participant's days again from day 0 (their next run).
  app.post(
    '/programs/:id/enrollments/:contactId/restart',
    {
      schema: {
        summary: "Restart a rolling program's participant from day 0",
        description:
          "Hosts and admins, as any change to a program. The participant's new day 0 is the one a newcomer found eligible now gets: the first send time at or after now (one that passed less than DELIVERY_CUTOFF ago still goes, late), not before the program's start. Their days 0 to N + 1 are sent again as a new run; the old run's messages stay in the outbox, its waiting ones canceled. Answers the enrollment as the contact's enrollments list shows it. A restart that changes nothing (active, already on that day 0) is answered as it is. 404: unknown program, or the contact has no enrollment in it. 409, saying why: the program is not rolling, paused, completed or past its enrollment end, or the contact is not a recipient now (not an active member of an active pod of it, inactive, opted out, no phone, not opted in).",
        tags,
        params: restartParams,
        response: { 200: contactEnrollmentsResponse.shape.enrollments.element },
      },
    },
    async (request) => {
      const { id, contactId } = request.params;
      const now = engineClock(app.config)();
      const cutoffMs = app.config.deliveryCutoffMs;
      await restartEnrollment(app.db, id, contactId, now, cutoffMs);
      const { enrollments } = await contactEnrollments(app.db, contactId, now, cutoffMs, id);
      return enrollments[0]!;
    },
  );

  // The exact message each recipient gets on a day, a page of recipients at a time.
  app.get(
    '/programs/:id/preview',
    {
      schema: {
        summary: 'The exact message each recipient of a day gets, and what costs more than counted',
        description:
          'One recipient per phone, in contact order, a page at a time (the first page without `page`). A day already planned answers its outbox rows; else each message as it will be planned, its short links with a stand-in code of the real length. `flagged` counts, over all pages, the recipients whose message costs more segments than the product editor counted, more than one segment, or has a personal field with no value and no fallback; `flagged=true` pages through those only. A rolling program answers its participants whose enrollment is active, each with their day 0 and the day at the send time on their own calendar (`sendAt` of the answer is then null).',
        tags,
        params,
        querystring: programPreviewQuerySchema,
        response: { 200: programPreviewResponse },
      },
    },
    async (request) =>
      programPreview(
        app.db,
        request.params.id,
        request.query,
        { publicUrl: app.config.publicUrl, messageSettings: app.config.messageSettings },
        engineClock(app.config)(),
      ),
  );

  app.post(
    '/programs/:id/resume',
    { schema: { summary: 'Resume a paused program', tags, params, response: one } },
    async (request) => setPaused(app.db, request.params.id, false),
  );
};
