import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as JSON: `{type, timestamp, data}`. */
  event: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * A webhook consumer on 127.0.0.1: keeps every request and answers each as `answer` says (204 at
 * once by default). `verify` checks one with the `standardwebhooks` package, as a consumer would.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const receiver = {
    received,
    url: '',
    /** How the next requests are answered: a status, after a delay (ms). */
    answer: (_request: ReceivedWebhook): { status: number; delayMs?: number } => ({ status: 204 }),
    ofType: (type: string) => received.filter((r) => r.event.type === type),
    /** The payload if the signature verifies with `secret`; throws otherwise. */
    verify(request: ReceivedWebhook, secret: string) {
      return new Webhook(secret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: ReceivedWebhook['event'];
      try {
        event = JSON.parse(body);
      } catch {
        event = { type: '(not JSON)', timestamp: '', data: {} };
      }
      const entry = { path: request.url ?? '', headers: request.headers, body, event };
      received.push(entry);
      const { status, delayMs = 0 } = receiver.answer(entry);
      const reply = () => response.writeHead(status).end();
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
