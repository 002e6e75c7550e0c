import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { successSchema } from '../../shared/responses/common';
import {
  podDetailResponse,
  podListResponse,
  podMemberListResponse,
  podMemberResponse,
  podMembersAddResponse,
  podResponse,
} from '../../shared/responses/pods';
import {
  podCreateSchema,
  podDetailQuerySchema,
  podDetailsSchema,
  podListQuerySchema,
  podMembersAddSchema,
  podMembersAddShapes,
  podMembersQuerySchema,
} from '../../shared/validation/pod';
import { serverTexts } from '../texts';
import { describedAs } from '../http/openapi-schemas';
import { idParams } from '../http/path-ids';
import { answerList } from '../http/list-answer';
import { addPodMembers, podMemberList, removePodMember } from '../services/pod-members';
import { createPod, getPodDetail, podList, updatePod } from '../services/pods';

const params = idParams(messages.pods.notFound);
const memberParams = idParams(serverTexts.pods.notAMember, ['id', 'userId']);
const tags = ['Pods'];

/** Pods and their members (spec section 7). */
export const podRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pods',
    {
      schema: {
        summary: 'List pods',
        tags,
        querystring: podListQuerySchema,
        response: { 200: podListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'pods',
        podListResponse.shape.pods.element,
        podList(app.db, request.query),
        request.query,
      ),
  );

  // A pod and its members, in one transaction: all of them or none.
  app.post(
    '/pods',
    {
      schema: {
        summary: 'Create a pod with its first members',
        tags,
        body: podCreateSchema,
        response: { 201: podResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ pod: await createPod(app.db, request.body, request.user.id) }),
  );

  app.get(
    '/pods/:id',
    {
      schema: {
        summary: 'A pod with its programs and (unless members=none) its active members',
        tags,
        params,
        querystring: podDetailQuerySchema,
        response: { 200: podDetailResponse },
      },
    },
    async (request) => ({
      pod: await getPodDetail(app.db, request.params.id, {
        withMembers: request.query.members === 'all',
      }),
    }),
  );

  app.put(
    '/pods/:id',
    {
      schema: {
        summary: "Change a pod's id and name",
        tags,
        params,
        body: podDetailsSchema,
        response: { 200: podResponse },
      },
    },
    async (request) => ({ pod: await updatePod(app.db, request.params.id, request.body) }),
  );

  app.get(
    '/pods/:id/members',
    {
      schema: {
        summary: "A page of a pod's active members",
        tags,
        params,
        querystring: podMembersQuerySchema,
        response: { 200: podMemberListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'members',
        podMemberListResponse.shape.members.element,
        await podMemberList(app.db, request.params.id, request.query),
        request.query,
      ),
  );

  // One member (the spec's call), a list, or everyone a search matches: one transaction.
  app.post(
    '/pods/:id/members',
    {
      schema: {
        summary: 'Add one member, a list, or every participant a search matches',
        tags,
        params,
        body: describedAs(podMembersAddSchema, podMembersAddShapes),
        response: {
          200: podMembersAddResponse.or(podMemberResponse),
          201: podMemberResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await addPodMembers(app.db, request.params.id, request.body);
      if (outcome.kind === 'one') {
        return reply.code(outcome.reactivated ? 200 : 201).send({ member: outcome.member });
      }
      const { kind: _kind, ...result } = outcome;
      return result;
    },
  );

  app.delete(
    '/pods/:id/members/:userId',
    {
      schema: {
        summary: 'Remove a member (kept as history)',
        tags,
        params: memberParams,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await removePodMember(app.db, request.params.id, request.params.userId);
      return { success: true as const };
    },
  );
};
