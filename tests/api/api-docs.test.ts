import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '../../src/server/routes';
import { messages } from '../../src/shared/messages';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../src/shared/webhooks';
import { serverTexts } from '../../src/server/texts';
import { startSignedInApp } from './helpers/app';

/**
 * The API's reference (GET /api/docs) is generated from the schemas the routes declare: every
 * route of the server is in it with its parameters, query and body, and it is served without a
 * token. Validation through those schemas answers as the API always has.
 */

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
  security: unknown[];
  webhooks: Record<string, { post: Operation }>;
};

let document: Document;
/** Every route under /api the server registers, but the reference's own pages. */
let routes: RouteOptions[];

/** The routes apiRoutes registers, seen by an onRoute hook of an app of their own. */
async function registeredRoutes(): Promise<RouteOptions[]> {
  const probe = Fastify({ logger: false });
  const found: RouteOptions[] = [];
  probe.addHook('onRoute', (route) => {
    found.push(route);
  });
  probe.decorate('config', ctx.app.config);
  await probe.register(apiRoutes, { prefix: '/api' });
  await probe.ready();
  await probe.close();
  return found.filter(
    (route) =>
      route.method !== 'HEAD' && route.url !== '/api/docs' && !route.url.startsWith('/api/docs/'),
  );
}

/** `/api/pods/:id/members/:userId` as OpenAPI writes it. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const keysOf = (schema: unknown): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

beforeAll(async () => {
  ctx = await startSignedInApp();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  routes = await registeredRoutes();
});
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('is served without a token, as OpenAPI 3 with a session token or an API key', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(document.security).toEqual([{ session: [] }, { apiKey: [] }]);
    // The routes an API key may not use say that they take a session only.
    for (const [path, method] of [
      ['/api/profile', 'get'],
      ['/api/api-keys', 'post'],
      ['/api/auth/logout', 'post'],
    ] as const) {
      expect(document.paths[path]![method]!.security, `${method} ${path}`).toEqual([
        { session: [] },
      ]);
    }
  });

  it('lists every route with its summary, path parameters, query and body', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        const operation = document.paths[openapiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, name).toBeDefined();
        expect(operation!.summary, name).toBeTruthy();
        expect(operation!.tags?.length, name).toBeGreaterThan(0);
        expect(Object.keys(operation!.responses), name).toContain('4XX');

        const parameters = operation!.parameters ?? [];
        const inPath = parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(inPath.sort(), name).toEqual(
          [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort(),
        );
        const inQuery = parameters.filter((p) => p.in === 'query').map((p) => p.name);
        expect(inQuery.sort(), name).toEqual(keysOf(route.schema?.querystring).sort());

        if (route.schema?.body) {
          const content = Object.values(operation!.requestBody?.content ?? {});
          expect(content.length, name).toBe(1);
          expect(Object.keys(content[0]!.schema), name).not.toHaveLength(0);
        } else {
          expect(operation!.requestBody, name).toBeUndefined();
        }
        for (const status of Object.keys(route.schema?.response ?? {})) {
          expect(Object.keys(operation!.responses), name).toContain(status);
        }
      }
    }
  });

  it('says which routes need no token, and how the special bodies are sent', () => {
    const login = document.paths['/api/auth/login']!.post!;
    expect(login.security).toEqual([]);
    expect(Object.keys(login.requestBody!.content)).toEqual(['application/json']);
    expect(document.paths['/api/products']!.get!.security).toBeUndefined();
    expect(Object.keys(document.paths['/api/media']!.post!.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
    const status = document.paths['/api/webhooks/twilio/status']!.post!;
    expect(Object.keys(status.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(status.security).toEqual([]);
    for (const path of ['/api/contacts/imports', '/api/contacts/imports/preview']) {
      const form = document.paths[path]!.post!.requestBody!.content;
      expect(Object.keys(form), path).toEqual(['multipart/form-data']);
      expect(form['multipart/form-data']!.schema).toHaveProperty(['properties', 'file']);
    }
    for (const path of [
      '/api/contacts/export.csv',
      '/api/contacts/imports/{id}/report',
      '/api/contacts/{id}/consent.csv',
      '/api/programs/{id}/consent.csv',
    ]) {
      const csv = document.paths[path]!.get!.responses;
      expect(csv['200'], path).toMatchObject({
        content: { 'text/csv': { schema: { type: 'string' } } },
      });
      expect(csv['4XX'], path).toHaveProperty(['content', 'application/json']);
    }
    const inbound = document.paths['/api/webhooks/twilio/inbound']!.post!.responses;
    expect(inbound['200']).toHaveProperty(['content', 'text/xml']);
    const members = document.paths['/api/pods/{id}/members']!.post!;
    expect(members.requestBody!.content['application/json']!.schema).toHaveProperty('anyOf');
  });

  it('describes, as OpenAPI 3.1 webhooks, every event Tidings sends and how it is signed', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort(),
    );
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      expect(post.parameters!.map((p) => `${p.in} ${p.name}`)).toEqual([
        'header webhook-id',
        'header webhook-timestamp',
        'header webhook-signature',
      ]);
      const schema = post.requestBody!.content['application/json']!.schema as {
        properties: Record<string, { const?: string }>;
        required: string[];
      };
      expect(schema.properties.type).toMatchObject({ const: type });
      expect(schema.required).toEqual(['type', 'timestamp', 'data']);
    }
  });
});

describe('the rendered reference', () => {
  it('answers /api/docs with Swagger UI under the console’s Content-Security-Policy', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('swagger-ui');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // Every file the page links is there, wherever the page was opened from.
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      const links = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThan(4);
      for (const link of links) {
        const file = await ctx.app.inject({
          method: 'GET',
          url: new URL(link, `http://localhost${url}`).pathname,
        });
        expect(file.statusCode, `${url} links ${link}`).toBe(200);
      }
    }
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json()).toEqual(document);
  });

  it('sends the page’s old address to the page once, whatever its query', async () => {
    for (const query of ['', '?a=1', `?${'x'.repeat(16_000)}`]) {
      const old = await ctx.app.inject({
        method: 'GET',
        url: `/api/docs/static/index.html${query}`,
      });
      expect(old.statusCode, query.slice(0, 10)).toBe(302);
      expect(old.headers.location, query.slice(0, 10)).toBe('/api/docs/');
    }
  });
});

describe('validation through the declared schemas', () => {
  it('answers a bad body with the spec’s message and the failing fields', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/pods',
      headers: ctx.auth,
      payload: { podId: ' ', podName: 'Walkers', members: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: messages.pods.idAndNameRequired,
      details: [
        { field: 'podId', message: messages.pods.idAndNameRequired },
        { field: 'members', message: messages.pods.selectAtLeastOne },
      ],
    });
  });

  it('answers a missing body as one with every field missing', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toEqual([
      'firstName',
      'lastName',
    ]);
  });

  it('answers a bad query with its message', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/pods?perPage=0&sort=nope',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(['perPage', 'sort']);
    expect(body.error).toBe(body.details[0].message);
  });

  it('answers a path id that is no id as the record’s not-found, or the outbox’s 400', async () => {
    const pod = await ctx.app.inject({
      method: 'PUT',
      url: '/api/pods/not-an-id',
      headers: ctx.auth,
      payload: { podId: '', podName: '' },
    });
    expect(pod.statusCode).toBe(404);
    expect(pod.json()).toEqual({ error: messages.pods.notFound });

    const message = await ctx.app.inject({
      method: 'GET',
      url: '/api/messages/not-an-id',
      headers: ctx.auth,
    });
    expect(message.statusCode).toBe(400);
    const invalidId = serverTexts.delivery.api.invalidId;
    expect(message.json()).toEqual({
      error: invalidId,
      details: [{ field: 'id', message: invalidId }],
    });
  });

  it('asks for a token before it reads the input', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pods/not-an-id' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: serverTexts.auth.tokenRequired });
  });
});
