import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email as a test mail server received it, with the parts a test reads decoded. */
export interface ReceivedEmail {
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedEmail[];
  /** Resolves once `count` emails have arrived (fails the test after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server inside the test, on 127.0.0.1 (a random port unless one is given), taking any
 * or no credentials; `refuseRecipients` makes it answer every recipient with a 550. STARTTLS is off: it would offer a self-signed certificate.
 */
export async function startSmtpServer(
  port = 0,
  options: { refuseRecipients?: boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo(address, _session, callback) {
      if (!options.refuseRecipients) return callback();
      const error = Object.assign(new Error(`No such mailbox: ${address.address}`), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          parseEmail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://tester:t3st-pass@127.0.0.1:${actualPort}`,
    received,
    async waitFor(count, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} emails, received ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough of RFC 5322 and MIME for the emails Tidings sends: headers, text and HTML parts. */
function parseEmail(raw: string, envelopeTo: string[]): ReceivedEmail {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return {
    envelopeTo,
    headers,
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
    raw,
  };
}

function splitHeaders(raw: string) {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

function collectParts(headers: Map<string, string>, body: string, parts: Record<string, string>) {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitHeaders(section.replace(/^\r\n/, ''));
      collectParts(part.headers, part.body, parts);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  parts[type.split(';')[0]!.trim().toLowerCase()] = decode(body.replace(/\r\n$/, ''), encoding);
}

function decode(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
