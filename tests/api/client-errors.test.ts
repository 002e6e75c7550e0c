import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTexts } from '../../src/server/texts';
import { startTestApp, type TestContext } from './helpers/app';

/**
 * Requests that never reach a route: the address cannot be decoded, or Node's HTTP parser refuses
 * them. They get the API's `{error}` shape like every other error, and the server goes on serving.
 */

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

/** Writes raw bytes on a connection of its own and reads until the server closes it. */
async function raw(bytes: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  socket.write(bytes);
  await once(socket, 'close');
  return answer;
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('requests that never reach a route', () => {
  it('answers a path that is not valid percent-encoded UTF-8 with 400 {error}', async () => {
    const response = await ctx.app.inject({ url: '/api/pods/%ED%A0%80' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverTexts.server.invalidUrl });
  });

  it('answers an address past the header limit with 431 {error}, and keeps serving', async () => {
    const answer = await raw(
      `GET /api/products?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({ error: serverTexts.server.headersTooLarge });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('answers bytes that are not HTTP with 400 {error}', async () => {
    const answer = await raw('\u0001\u0002 not http at all\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ error: serverTexts.server.badRequest });
  });
});
