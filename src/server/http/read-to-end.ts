import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';

/**
 * Waits until the client has sent the whole request body, discarding what is left of it, or has
 * gone. A server that answers a refused upload while the client is still sending makes Node close
 * the connection under it: the client may see a reset instead of the answer.
 */
export async function readToEnd(request: IncomingMessage): Promise<void> {
  if (request.readableEnded || request.destroyed) return;
  // The form's parser is done with: it may wait for a reader of a part nobody reads (busboy
  // skipping a part past the form's limits can stall that way) and hold the request paused.
  request.unpipe();
  request.resume();
  // A client that hangs up ends the wait too: there is then nobody to answer.
  await finished(request).catch(() => undefined);
}
