import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isRefusedAddress } from './addresses';

/**
 * One webhook request to an endpoint (issue 29), as the Standard Webhooks specification and
 * Tidings' rules want it:
 *
 * - https only; http, and loopback addresses, only with WEBHOOK_ALLOW_LOOPBACK=true (development
 *   and tests);
 * - never to an address that is not global unicast (addresses.ts), checked on the addresses the
 *   host resolves to when the call is made, and the connection made to the very address checked,
 *   so DNS cannot point a name there between the check and the call;
 * - no redirect followed (a 3xx is a failure), at most WEBHOOK_CALL.answerBytes of the answer
 *   read, and WEBHOOK_CALL.timeoutMs for the whole call.
 */

export const WEBHOOK_CALL = {
  timeoutMs: 10_000,
  answerBytes: 1024,
} as const;

export interface CallOptions {
  allowLoopback: boolean;
  timeoutMs?: number;
}

export interface CallOutcome {
  /** A 2xx answer. */
  ok: boolean;
  /** The answer's status, or null when none came. */
  status: number | null;
  durationMs: number;
  /** The start of the answer's body (at most WEBHOOK_CALL.answerBytes, as UTF-8). */
  answer: string;
  /** Why the call failed before an answer, in words for the endpoint's log. */
  error: string | null;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Whether the endpoint may be called at `address` (an IP). */
function allowed(address: string, allowLoopback: boolean) {
  return (allowLoopback && LOOPBACK.test(address)) || !isRefusedAddress(address);
}

class RefusedAddress extends Error {}

/** dns.lookup, keeping only an address the endpoint may be called at. */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      // Every address the name has must be allowed: one private address among public ones is
      // how a name is turned against its own network.
      const refused = addresses.find(({ address }) => !allowed(address, allowLoopback));
      if (refused || addresses.length === 0) {
        return callback(
          new RefusedAddress(`${hostname} resolves to ${refused?.address ?? 'nothing'}`),
          '',
          0,
        );
      }
      const chosen = addresses[0]!;
      if (options.all) return callback(null, [chosen] as never, chosen.family);
      callback(null, chosen.address, chosen.family);
    });
  };
}

/**
 * Why a URL cannot be called, or null: what can be told without resolving its name (saving an
 * endpoint asks it too; the addresses a name resolves to are checked at every call).
 */
export function refusal(url: URL, allowLoopback: boolean): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback)) {
    return 'The URL must be https.';
  }
  if (url.username || url.password) return 'The URL must not hold a user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowed(host, allowLoopback)) {
    return `${host} is not an address Tidings sends to.`;
  }
  return null;
}

/** POSTs `body` with `headers` to `endpointUrl`; never throws. */
export function callEndpoint(
  endpointUrl: string,
  headers: Record<string, string>,
  body: string,
  options: CallOptions,
): Promise<CallOutcome> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_CALL.timeoutMs;
  const outcome = (fields: Partial<CallOutcome>): CallOutcome => ({
    ok: false,
    status: null,
    answer: '',
    error: null,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(endpointUrl);
  } catch {
    return Promise.resolve(outcome({ error: 'The URL is not valid.' }));
  }
  const refused = refusal(url, options.allowLoopback);
  if (refused) return Promise.resolve(outcome({ error: refused }));

  return new Promise((resolve) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Tidings-Webhooks',
      },
      lookup: checkedLookup(options.allowLoopback),
      // No connection kept for later: each call resolves and checks the name again.
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
    const finish = (result: CallOutcome) => {
      clearTimeout(timer);
      resolve(result);
    };
    request.on('error', (error) =>
      finish(
        outcome({
          error:
            error instanceof RefusedAddress
              ? `${error.message}, not an address Tidings sends to.`
              : error.message,
        }),
      ),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const status = response.statusCode ?? null;
        finish(
          outcome({
            ok: status !== null && status >= 200 && status < 300,
            status,
            answer: Buffer.concat(chunks).subarray(0, WEBHOOK_CALL.answerBytes).toString('utf8'),
          }),
        );
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest of the answer is not waited for.
        if (size >= WEBHOOK_CALL.answerBytes) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
