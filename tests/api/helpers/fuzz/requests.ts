import fc from 'fast-check';
import type { SendOptions } from './client';
import { jsonBodies, type FuzzRoute, type Seed } from './routes';
import { encodeComponent, rawBody, weirdSegment, weirdString, weirdValue } from './values';

export interface FuzzRequest {
  path: string;
  options: SendOptions;
  /** The body is one no route may accept (RawBody.mustRefuse). */
  mustRefuse?: boolean;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Values a query parameter could plausibly hold, next to the weird ones. */
const plausibleQueryValue = fc.oneof(
  fc.constantFrom('1', '25', '500', '501', '0', 'createdAt', 'name', 'fullName', 'asc', 'DESC'),
  fc.constantFrom('active', 'participant,host', 'Running', 'Nuanced', 'none', 'all', ','),
  fc.constantFrom('opted_in', 'optout,none', 'true', '100', '2026-03-01T12:00:00.000Z'),
  // Calendar days, valid ranges among them, from the first and last years a date may name.
  fc.constantFrom('2026-03-01', '2026-03-31', '0001-01-01', '0001-12-31', '9999-12-31'),
  fc
    .date({ noInvalidDate: false })
    .map((date) => (Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString())),
  fc.uuid(),
);

function queryOf(known: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : weirdString },
    { weight: 1, arbitrary: weirdString.map((s) => s.slice(0, 50)) },
  );
  const value = fc.oneof(
    plausibleQueryValue,
    weirdString.map((s) => s.slice(0, 20_000)),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) =>
      pairs.length
        ? `?${pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`
        : '',
    );
}

function pathOf(route: FuzzRoute, seed: Seed): fc.Arbitrary<string> {
  const names = Object.keys(route.params ?? {});
  const segments = names.map((name) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...route.params![name]!.map((kind) => seed[kind])) },
      { weight: 2, arbitrary: weirdSegment },
    ),
  );
  return fc
    .tuple(...segments)
    .map((values) =>
      names.reduce(
        (path, name, i) => path.replace(name === '*' ? '*' : `:${name}`, values[i]!),
        route.path,
      ),
    );
}

/** Header values must be printable ASCII on the wire; anything else never reaches a server. */
const printable = fc
  .string({ unit: 'binary-ascii', maxLength: 300 })
  .map((s) => s.replace(/[^\x20-\x7e]/g, ''));

function authorizationOf(route: FuzzRoute, seed: Seed): fc.Arbitrary<Record<string, string>> {
  const token = route.session === 'spare' ? seed.spareToken : seed.token;
  const valid: Record<string, string> =
    route.session === 'none' ? {} : { authorization: `Bearer ${token}` };
  const none: Record<string, string> = {};
  const wrong = fc
    .tuple(fc.constantFrom('Bearer ', 'bearer ', 'Basic ', '', 'Bearer  '), printable)
    .map(([scheme, value]): Record<string, string> => ({ authorization: `${scheme}${value}` }));
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constant(none) },
    { weight: 1, arbitrary: wrong },
  );
}

/**
 * A Cookie header for a route that reads the device cookie: none, the seed's valid one, one with
 * its signature or account changed, a malformed or huge value, several cookies at once.
 */
function cookieOf(route: FuzzRoute, seed: Seed): fc.Arbitrary<Record<string, string>> {
  if (!route.deviceCookie) return fc.constant({});
  const [name, value] = seed.deviceCookie.split('=') as [string, string];
  const cookie = (text: string): Record<string, string> => ({ cookie: text });
  const parts = value.split('.');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: fc.constant(cookie(seed.deviceCookie)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: parts.length - 1 }), printable)
        .map(([index, text]) =>
          cookie(`${name}=${parts.map((part, i) => (i === index ? text : part)).join('.')}`),
        ),
    },
    { weight: 1, arbitrary: printable.map((text) => cookie(`${name}=${text}`)) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 200, max: 8_000 })
        .map((length) => cookie(`${name}=${value}${'A'.repeat(length)}`)),
    },
    {
      weight: 1,
      arbitrary: printable.map((text) =>
        cookie(`a=1; ${name}=${text.replace(/;/g, '')}; ${seed.deviceCookie}; ${name}`),
      ),
    },
    { weight: 1, arbitrary: printable.map(cookie) },
  );
}

function bodyOf(
  route: FuzzRoute,
  seed: Seed,
): fc.Arbitrary<SendOptions & { mustRefuse?: boolean }> {
  const raw = rawBody.map((b) => ({
    body: b.bytes,
    contentType: b.contentType,
    bodyLabel: b.label,
  }));
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => {
      const text = v === undefined ? '' : JSON.stringify(v);
      return {
        body: utf8(text),
        contentType: 'application/json',
        bodyLabel: text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text,
      };
    });
  if (route.method === 'GET') return fc.constant({});
  if (route.multipart) {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: route.multipart.map((b) => ({
          body: b.bytes,
          contentType: b.contentType,
          bodyLabel: b.label,
          mustRefuse: b.mustRefuse,
        })),
      },
      { weight: 1, arbitrary: raw },
    );
  }
  const valid = route.bodies?.(seed);
  return fc.oneof(
    { weight: 6, arbitrary: json(valid ? jsonBodies(valid) : weirdValue) },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** One generated request to `route`: its path, query, authorization and body, any of them bad. */
export function requestsFor(route: FuzzRoute, seed: Seed): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathOf(route, seed),
      query: queryOf(route.query ?? []),
      headers: authorizationOf(route, seed),
      cookie: cookieOf(route, seed),
      body: bodyOf(route, seed),
    })
    .map(({ path, query, headers, cookie, body: { mustRefuse, ...body } }) => ({
      path: `${path}${query}`,
      options: { ...body, headers: { ...headers, ...cookie } },
      mustRefuse,
    }));
}

/** Paths that name no route, under /api, /l/ (a damaged message link) and elsewhere. */
export const unknownPaths: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom('/api/', '/api/products/', '/', '/media/', '/assets/', '/l/'),
    fc.array(weirdSegment, { minLength: 1, maxLength: 3 }),
  )
  .map(([prefix, segments]) => ({ path: `${prefix}${segments.join('/')}`, options: {} }));
