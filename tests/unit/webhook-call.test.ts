import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, WEBHOOK_CALL } from '../../src/server/webhooks/call';

/**
 * A webhook request against a real local HTTP server: what arrives, what is read of the answer,
 * and every call Tidings refuses to make (not https, private and loopback addresses, literal or
 * resolved from a name), follows (redirects) or waits for (time-outs).
 */

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
const received: Received[] = [];
/** What the server does with the next request, by its path. */
const answers: Record<string, (response: http.ServerResponse) => void> = {
  '/ok': (response) => response.writeHead(204).end(),
  '/long': (response) => response.writeHead(200).end('x'.repeat(5 * WEBHOOK_CALL.answerBytes)),
  '/fails': (response) => response.writeHead(500).end('{"error":"down"}'),
  '/moved': (response) => response.writeHead(302, { location: `${base}/ok` }).end(),
  '/silent': () => undefined,
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      answers[request.url!]?.(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const HEADERS = {
  'webhook-id': 'msg_1',
  'webhook-timestamp': '1700000000',
  'webhook-signature': 'v1,abc',
};
const BODY = JSON.stringify({ type: 'message.delivered', data: { text: 'Día 1 ✓' } });
const loopback = { allowLoopback: true };

describe('a webhook call', () => {
  it('POSTs the signed body as JSON and reports a 2xx with its time', async () => {
    received.length = 0;
    const outcome = await callEndpoint(`${base}/ok`, HEADERS, BODY, loopback);
    expect(outcome).toMatchObject({ ok: true, status: 204, error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/ok', body: BODY });
    expect(received[0]!.headers).toMatchObject({ ...HEADERS, 'content-type': 'application/json' });
  });

  it('reads at most 1 KB of the answer', async () => {
    const outcome = await callEndpoint(`${base}/long`, HEADERS, BODY, loopback);
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(outcome.answer).toBe('x'.repeat(WEBHOOK_CALL.answerBytes));
  });

  it('counts a 5xx, a redirect (not followed) and silence as failures', async () => {
    expect(await callEndpoint(`${base}/fails`, HEADERS, BODY, loopback)).toMatchObject({
      ok: false,
      status: 500,
      answer: '{"error":"down"}',
    });
    received.length = 0;
    expect(await callEndpoint(`${base}/moved`, HEADERS, BODY, loopback)).toMatchObject({
      ok: false,
      status: 302,
    });
    expect(received.map((request) => request.url)).toEqual(['/moved']);
    const silent = await callEndpoint(`${base}/silent`, HEADERS, BODY, {
      ...loopback,
      timeoutMs: 300,
    });
    expect(silent).toMatchObject({ ok: false, status: null, error: 'No answer within 0.3 s.' });
    expect(silent.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('refuses http, and every private or loopback address, literal or resolved, without calling', async () => {
    received.length = 0;
    const port = (server.address() as AddressInfo).port;
    const refused = [
      [`${base}/ok`, 'The URL must be https.'],
      [`https://127.0.0.1:${port}/ok`, '127.0.0.1 is not an address Tidings sends to.'],
      [`https://[::1]:${port}/ok`, '::1 is not an address Tidings sends to.'],
      [`https://[::ffff:7f00:1]:${port}/ok`, '::ffff:7f00:1 is not an address Tidings sends to.'],
      [`https://10.0.0.8/ok`, '10.0.0.8 is not an address Tidings sends to.'],
      [
        `https://169.254.169.254/latest/meta-data`,
        '169.254.169.254 is not an address Tidings sends to.',
      ],
      [`https://user:secret@example.org/hook`, 'The URL must not hold a user name or password.'],
      ['not a url', 'The URL is not valid.'],
    ] as const;
    for (const [url, error] of refused) {
      expect(await callEndpoint(url, HEADERS, BODY, { allowLoopback: false }), url).toMatchObject({
        ok: false,
        status: null,
        error,
      });
    }
    // A name is checked on what it resolves to when the call is made.
    const byName = await callEndpoint(`https://localhost:${port}/ok`, HEADERS, BODY, {
      allowLoopback: false,
    });
    expect(byName.error).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), not an address Tidings sends to\.$/,
    );
    expect(received).toEqual([]);
  });
});
