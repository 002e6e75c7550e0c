import fc from 'fast-check';

/**
 * The kinds of bad input a client can send, as fast-check arbitraries: strings that databases
 * and parsers refuse (NUL, lone surrogates), huge and deeply nested values, out-of-range numbers
 * and dates, and JSON that is not JSON. Each is generated, not listed by hand, so every run tries
 * new combinations.
 */

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Values known to have broken servers like this one: a seed for the generators, not the test. */
const notorious = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  "'; drop table users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '9999-12-31',
  '0000-00-00',
  '2026-02-30',
  '-271821-04-20',
  '25:99',
  '-1',
  '0',
  '1e308',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '__proto__',
  'constructor',
  '\u202e',
  '🙂',
  'null',
  'true',
  '{}',
  '[]',
);

const oneCharacter = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);

/** Up to this many characters in a generated "huge" string: past every limit Tidings has. */
const HUGE = 300_000;

export const weirdString = fc.oneof(
  { weight: 4, arbitrary: notorious },
  { weight: 4, arbitrary: fc.string({ unit: oneCharacter, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 400 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: HUGE }).map((n) => 'x'.repeat(n)) },
);

export const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 5e-324, 10_000_000, 366, 365, 1, 0, -1, 1.5),
);

/** `[[[…]]]` nested `depth` times. */
export function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: weirdString },
  { weight: 3, arbitrary: weirdNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 800 }).map(nested) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 50_000 }).map((n) => Array(n).fill('a')) },
  { weight: 1, arbitrary: fc.array(weirdString, { maxLength: 5 }) },
);

type Path = (string | number)[];

/** Every place in a JSON value where another value could be put, the root included. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value))
    value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
  return copy;
}

function deleteAt(value: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/** A valid body with one thing wrong: a value replaced, a key removed, or an unknown key added. */
export function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  const path = fc.constantFrom(...paths);
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(path, weirdValue).map(([p, v]) => setAt(valid, p, v)) },
    { weight: 1, arbitrary: path.map((p) => deleteAt(valid, p)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(weirdString, weirdValue)
        .map(([key, v]) =>
          valid && typeof valid === 'object' && !Array.isArray(valid)
            ? { ...valid, [key.slice(0, 100)]: v }
            : v,
        ),
    },
  );
}

/** A body as it goes on the wire: bytes and the content type they claim to be. */
export interface RawBody {
  contentType?: string;
  bytes: Uint8Array;
  /** What the bytes are, for a failure message. */
  label: string;
  /** No answer to it may be a success (2xx), whatever the request's session. */
  mustRefuse?: boolean;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
] as const;

/** Bytes that are not what they claim: broken JSON, invalid UTF-8, escapes of lone surrogates. */
export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '"\\ud800"',
        '{"email":"\\u0000","password":"\\udfff"}',
        '1e99999',
        '-',
        'nul',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '\uFEFF{}',
      ),
      fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
    )
    .map(([text, contentType]) => ({ contentType, bytes: utf8(text), label: text })),
  fc
    .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(...CONTENT_TYPES))
    .map(([bytes, contentType]) => ({ contentType, bytes, label: `${bytes.length} random bytes` })),
  fc.integer({ min: 1_000, max: 400_000 }).map((depth) => ({
    contentType: 'application/json',
    bytes: utf8('['.repeat(depth) + ']'.repeat(depth)),
    label: `arrays nested ${depth} deep`,
  })),
  fc.constant({
    contentType: 'application/json',
    bytes: utf8(`"${'x'.repeat(1024 * 1024 + 10)}"`),
    label: 'a JSON string over the body limit',
  }),
);

/**
 * One path segment or query value on the wire. Lone surrogates cannot be UTF-8 encoded, so they
 * are sent as the bytes a careless encoder would write (CESU-8), which a server must refuse.
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Percent sequences that do not decode, or decode to something a server must refuse. */
export const rawPercent = fc.constantFrom(
  '%',
  '%zz',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%00',
  '%2e%2e',
);

/** A path segment: an encoded weird string, or raw percent noise. */
export const weirdSegment = fc.oneof(
  { weight: 4, arbitrary: weirdString.map((s) => encodeComponent(s.slice(0, 20_000))) },
  { weight: 1, arbitrary: rawPercent },
  { weight: 1, arbitrary: fc.uuid().map(encodeComponent) },
);
