import http from 'node:http';

/** What a fuzzed request sent and what came back: enough to reproduce a failure by hand. */
export interface Exchange {
  method: string;
  url: string;
  contentType?: string;
  bodyLabel: string;
  status: number;
  bytes: number;
  /** The start of the response body. */
  excerpt: string;
  /** The whole response body, when it is small enough to look at (up to 64 KB). */
  text?: string;
  responseType?: string;
  /** The Retry-After header of the answer, if it had one. */
  retryAfter?: string;
}

export interface SendOptions {
  headers?: Record<string, string>;
  body?: Uint8Array;
  contentType?: string;
  bodyLabel?: string;
}

/**
 * Sends one request over real HTTP, on a connection of its own, so that one answer's way of ending
 * its connection cannot be blamed on the next request. A server may answer before it has read a
 * body it refuses (a URL or body over its limits) and close while the body is still being written:
 * the answer counts, the failed write does not. No answer at all, or an answer cut off before its
 * end, is reported as status 0, which the layer counts as a failure like a 5xx.
 */
export function send(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  options: SendOptions = {},
): Promise<Exchange> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body && method !== 'GET' && method !== 'HEAD' ? options.body : undefined;
  const described = {
    method,
    url:
      pathAndQuery.length > 300
        ? `${pathAndQuery.slice(0, 300)}… (${pathAndQuery.length})`
        : pathAndQuery,
    contentType: options.contentType,
    bodyLabel: options.bodyLabel ?? (body ? `${body.length} bytes` : 'none'),
  };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (
      status: number,
      content: Buffer,
      note?: string,
      response?: http.IncomingMessage,
    ) => {
      if (settled) return;
      settled = true;
      const retryAfter = response?.headers['retry-after'];
      resolve({
        ...described,
        status,
        bytes: content.length,
        excerpt: note ?? content.subarray(0, 300).toString('utf8'),
        text: content.length <= 64 * 1024 ? content.toString('utf8') : undefined,
        responseType: response?.headers['content-type'],
        ...(retryAfter !== undefined && { retryAfter }),
      });
    };
    const request = http.request({
      host: hostname,
      port,
      method,
      path: pathAndQuery,
      agent: false,
      timeout: 30_000,
      headers: {
        ...options.headers,
        connection: 'close',
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
        ...(body ? { 'content-length': String(body.length) } : {}),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        settle(response.statusCode ?? 0, Buffer.concat(chunks), undefined, response),
      );
      response.on('aborted', () => {
        const received = Buffer.concat(chunks).length;
        settle(
          0,
          Buffer.alloc(0),
          `the ${response.statusCode} answer was cut off after ${received} bytes`,
        );
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', (error) => {
      // A refused body's write may fail after the answer came; only no answer is a failure.
      setTimeout(() => settle(0, Buffer.alloc(0), `no answer: ${error.message}`), 200);
    });
    request.end(body ? Buffer.from(body) : undefined);
  });
}

export async function sendJson(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
