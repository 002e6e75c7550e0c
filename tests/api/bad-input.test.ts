import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BODY_LIMIT } from '../../src/server/app';
import { toE164 } from '../../src/shared/phone';
import { loadConfig } from '../../src/server/env';
import { mediaFiles } from '../../src/server/http/media-files';
import { shortLinkRoutes } from '../../src/server/http/short-links';
import { apiRoutes } from '../../src/server/routes';
import { startServer, type RunningServer } from '../helpers/server';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { send, sendJson, type Exchange } from './helpers/fuzz/client';
import { requestsFor, unknownPaths, type FuzzRequest } from './helpers/fuzz/requests';
import { FUZZ_ROUTES, seedThroughApi, type Seed } from './helpers/fuzz/routes';
import { copyDatabase } from '../helpers/pglite-template';

/**
 * The bad-input layer: every route of the real server process, over HTTP, with generated bad
 * input (wrong types, nulls, huge and deeply nested values, NUL bytes, lone surrogates, numbers
 * and dates out of range, unknown sort fields, invalid ids, broken JSON and multipart), several
 * requests at a time. No answer may be a 5xx or a dropped connection, no error may grow with its
 * input or show internals, and the server must still be up and serving afterwards.
 *
 * FUZZ_RUNS sets the requests per route (default 20, each run with a new seed), FUZZ_SEED replays
 * a run, FUZZ_SHRINK=1 shrinks a failure to its smallest form (slower).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (Math.random() * 2 ** 31)) | 0;
const SHRINK = process.env.FUZZ_SHRINK === '1';
/** Routes fuzzed at the same time: parallel requests are part of what is tested. */
const CONCURRENCY = 4;
/** An error answer names the problem and the fields: it never needs more than this. */
const ERROR_BODY_MAX = 16 * 1024;
/** The largest honest answer here: a list or a product, on the small data of this test. */
const SUCCESS_BODY_MAX = 2 * 1024 * 1024;
/** What internals look like when they leak into an answer. */
const LEAKS = [
  /\n\s+at .+:\d+:\d+/,
  /node_modules/,
  /violates .* constraint/,
  /syntax error at or near/,
  /invalid byte sequence/,
  /\bdrizzle\b/i,
];

const ADMIN = { email: 'fuzz.admin@tidings.local', password: 'fuzz-admin-password-1' };
/** Opt-in requests a staff member of the fuzzed server may queue in an hour. */
const OPTIN_LIMIT = 12;

let server: RunningServer;
let seed: Seed;
let cleanup: () => Promise<void>;

/** The routes a Tidings server registers, as `METHOD /path`. */
async function registeredRoutes(): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-routes-'));
  const probe = Fastify({ logger: false });
  const routes: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    }
  });
  probe.decorate('config', loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  await probe.register(apiRoutes, { prefix: '/api' });
  await mediaFiles(probe);
  await shortLinkRoutes(probe);
  await probe.ready();
  await probe.close();
  await rm(dataDir, { recursive: true, force: true });
  return routes;
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Node's limit on a request's URL and headers together. */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * A request the server refuses before reading it: a URL and headers past Node's header limit, or
 * a body past Tidings' body limit. The server answers at once and closes; a client still sending
 * then may see the connection reset instead of the answer. That is the server working, as long as
 * it still serves the next request.
 */
const oversized = (request: FuzzRequest) =>
  request.path.length + Object.values(request.options.headers ?? {}).join('').length >
    MAX_HEADER_BYTES || (request.options.body?.length ?? 0) > BODY_LIMIT;

async function stillServing(): Promise<boolean> {
  return (await send(server.url, 'GET', '/api/health')).status === 200;
}

/**
 * The API's error shape (docs/api.md, "Answers and errors"): JSON with an `error` text and at most
 * `details`.
 */
function isApiError(exchange: Exchange): boolean {
  if (!exchange.responseType?.startsWith('application/json') || exchange.text === undefined) {
    return false;
  }
  const body = JSON.parse(exchange.text) as Record<string, unknown>;
  // `valid` is the spec's own answer of GET /api/auth/verify.
  const keys = ['error', 'details', 'moreDetails', 'valid'];
  const extra = Object.keys(body).filter((key) => !keys.includes(key));
  return typeof body.error === 'string' && extra.length === 0;
}

function problemOf(exchange: Exchange): string | null {
  if (exchange.status === 0) return exchange.excerpt;
  if (exchange.status >= 500) return `answered ${exchange.status}`;
  if (exchange.status >= 400 && exchange.bytes > ERROR_BODY_MAX) {
    return `an error answer of ${exchange.bytes} bytes (at most ${ERROR_BODY_MAX})`;
  }
  if (exchange.bytes > SUCCESS_BODY_MAX) return `an answer of ${exchange.bytes} bytes`;
  if (
    exchange.status >= 400 &&
    LEAKS.some((leak) => leak.test(exchange.text ?? exchange.excerpt))
  ) {
    return 'an error answer that shows internals';
  }
  if (exchange.status >= 400 && exchange.url.startsWith('/api') && !isApiError(exchange)) {
    return 'an error answer that is not {error: text}';
  }
  // Every limit says when to come back (docs/security.md).
  if (exchange.status === 429 && !/^[1-9]\d*$/.test(exchange.retryAfter ?? '')) {
    return `a 429 without a Retry-After of whole seconds (${exchange.retryAfter ?? 'none'})`;
  }
  return null;
}

const describeExchange = (e: Exchange) =>
  `${e.method} ${e.url}\n    content-type: ${e.contentType ?? '(none)'}; body: ${e.bodyLabel}\n    -> ${e.status}, ${e.bytes} bytes: ${e.excerpt.slice(0, 200)}`;

beforeAll(async () => {
  let env: Record<string, string> = {};
  let testDb: TestDatabase | undefined;
  let dataDir: string | undefined;
  if (TEST_DB === 'postgres') {
    testDb = await createTestDatabase();
    await testDb.database.close();
    env = { DATABASE_URL: testDb.url!, DATA_DIR: testDb.dataDir };
  } else {
    // A copy of the migrated template: the server skips creating a database.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidings-fuzz-'));
    await copyDatabase(inject('pgliteTemplateDir'), path.join(dataDir, 'db'));
    env = { DATA_DIR: dataDir };
  }
  server = await startServer({
    ...env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Low enough for generated traffic to reach it.
    OPTIN_HOURLY_LIMIT: String(OPTIN_LIMIT),
    LOG_LEVEL: 'fatal',
  });
  cleanup = async () => {
    await server.stop();
    await testDb?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  seed = await seedThroughApi(server.url, ADMIN.email, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await cleanup?.();
});

describe('the bad-input layer', () => {
  it('covers every route the server registers', async () => {
    const covered = FUZZ_ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(covered).toEqual((await registeredRoutes()).sort());
  });

  it('answers generated bad input on every route, in parallel, without a 5xx, a huge error or a crash', async () => {
    const tasks: { name: string; method: string; requests: fc.Arbitrary<FuzzRequest> }[] = [
      ...FUZZ_ROUTES.map((route) => ({
        name: `${route.method} ${route.path}`,
        method: route.method,
        requests: requestsFor(route, seed),
      })),
      { name: 'unknown paths', method: 'GET', requests: unknownPaths },
      { name: 'unknown paths (POST)', method: 'POST', requests: unknownPaths },
    ];
    const failures: string[] = [];
    let sent = 0;
    let refusedAtTheDoor = 0;

    const fuzz = async (task: (typeof tasks)[number]) => {
      let failed: { exchange: Exchange; problem: string } | undefined;
      const details = await fc.check(
        fc.asyncProperty(task.requests, async (request) => {
          const exchange = await send(server.url, task.method, request.path, request.options);
          sent += 1;
          if (exchange.status === 0 && oversized(request) && (await stillServing())) {
            refusedAtTheDoor += 1;
            return true;
          }
          const accepted = exchange.status >= 200 && exchange.status < 300;
          const problem =
            problemOf(exchange) ??
            (request.mustRefuse && accepted ? 'accepted a body it must refuse' : null);
          if (problem) failed = { exchange, problem };
          return problem === null;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: !SHRINK },
      );
      if (details.failed && failed) {
        failures.push(
          `${task.name}: ${failed.problem}\n    ${describeExchange(failed.exchange)}\n    replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`,
        );
      } else if (details.failed) {
        failures.push(`${task.name}: ${String(details.errorInstance)}`);
      }
    };
    const queue = [...tasks];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let task = queue.shift(); task; task = queue.shift()) await fuzz(task);
      }),
    );

    const peak = peakMemoryMb(server.pid);
    console.info(
      `bad-input layer (${TEST_DB}): ${sent} generated requests over ${tasks.length} routes, ` +
        `${refusedAtTheDoor} of them over the size limits closed before the client finished ` +
        `sending, peak server memory ${peak} MB, seed ${SEED}`,
    );
    expect(failures.length, `Bad answers:\n${failures.join('\n\n')}`).toBe(0);

    // Still up, still serving the session it had.
    const health = await send(server.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const verify = await send(server.url, 'GET', '/api/auth/verify', {
      headers: { authorization: `Bearer ${seed.token}` },
    });
    expect(verify.status).toBe(200);
  }, 600_000);
});

describe('the limits on what sends, under generated traffic in parallel', () => {
  /** Numbers of other countries, as libphonenumber gives them (SMS_ALLOWED_COUNTRIES is US, CA). */
  const abroad = getCountries()
    .filter((country) => !['US', 'CA'].includes(country))
    .flatMap((country) => getExampleNumber(country, examples)?.number ?? []);
  let fresh = 0;
  /** A US number of its own, written as people type them. */
  const usNumber = fc.constantFrom('e164', 'national', 'dotted').map((style) => {
    const line = String(++fresh).padStart(4, '0');
    return style === 'e164'
      ? `+1971555${line}`
      : style === 'national'
        ? `(971) 555-${line}`
        : `971.555.${line}`;
  });
  const phones = fc.oneof(
    { weight: 4, arbitrary: usNumber },
    { weight: 2, arbitrary: fc.constantFrom(...abroad) },
    // The seed participant's number, asked when the seed was made.
    { weight: 1, arbitrary: fc.constant('+15035550199') },
  );

  it('asks a number once, only in the allowed countries, at most OPTIN_HOURLY_LIMIT times an hour per staff member', async () => {
    const host = { email: 'fuzz.optin.host@example.org', password: 'fuzz-host-pass-1' };
    const created = await sendJson(
      server.url,
      'POST',
      '/api/contacts',
      {
        ...host,
        confirmPassword: host.password,
        firstName: 'Limit',
        lastName: 'Host',
        role: 'host',
        status: 'active',
        emailVerified: true,
      },
      seed.token,
    );
    expect(created.status).toBe(201);
    const signedIn = await sendJson(server.url, 'POST', '/api/auth/login', host);
    const token = signedIn.json.token as string;

    const answers: { phone: string; status: number; retryAfter?: string; field?: string }[] = [];
    let emails = 0;
    const ask = async (phone: string) => {
      const body = JSON.stringify({
        email: `fuzz.optin.${++emails}@example.org`,
        firstName: 'Olive',
        lastName: 'Limit',
        phone,
        role: 'participant',
        status: 'active',
        sendOptinMessage: true,
      });
      const exchange = await send(server.url, 'POST', '/api/contacts', {
        headers: { authorization: `Bearer ${token}` },
        body: Buffer.from(body),
        contentType: 'application/json',
      });
      const json = exchange.text ? JSON.parse(exchange.text) : {};
      answers.push({
        phone,
        status: exchange.status,
        retryAfter: exchange.retryAfter,
        field: json.details?.[0]?.field,
      });
      return exchange;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(phones, { minLength: 4, maxLength: 12 }), async (batch) => {
        const sent = await Promise.all(batch.map(ask));
        return sent.every((exchange) => problemOf(exchange) === null);
      }),
      { numRuns: 8, seed: SEED },
    );
    // However the runs fell, new numbers now meet the limit.
    for (let more = 0; more <= OPTIN_LIMIT && answers.at(-1)?.status !== 429; more++) {
      await ask(`+1971556${String(more).padStart(4, '0')}`);
    }

    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201, 400, 429]));
    for (const answer of answers) {
      // Some numbers abroad are short of the spec's 10 digits: refused as a phone first.
      if (answer.status === 400) expect(['phone', 'sendOptinMessage']).toContain(answer.field);
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // A number abroad is refused whatever else holds.
    for (const answer of answers.filter((a) => abroad.includes(a.phone))) {
      expect(answer.status).toBe(400);
    }

    const outbox = await sendJson(
      server.url,
      'GET',
      '/api/messages?kind=optin&perPage=100',
      undefined,
      seed.token,
    );
    // The host's requests: one per new number answered 201. (The seed's number may have been
    // answered 201 too, if the generated traffic canceled its request meanwhile.)
    const isNew = (phone: string) => /^\+197155[56]/.test(phone);
    const requests = (outbox.json.messages as { toPhone: string }[]).filter((m) =>
      isNew(m.toPhone),
    );
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(OPTIN_LIMIT);
    expect(requests.map((m) => m.toPhone).sort()).toEqual(
      accepted
        .map((a) => toE164(a.phone))
        .filter(isNew)
        .sort(),
    );
    expect(new Set(requests.map((m) => m.toPhone)).size).toBe(requests.length);
    for (const { toPhone } of requests) {
      expect(['US', 'CA']).toContain(parsePhoneNumberFromString(toPhone)?.country);
    }
  }, 120_000);
});
