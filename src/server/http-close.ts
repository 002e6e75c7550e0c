import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closing the HTTP server on shutdown without waiting on connections that carry no request.
 *
 * Fastify's close (`forceCloseConnections: 'idle'`) drops a keep-alive connection only once a
 * request has finished on it. A browser also opens connections ahead of the requests it may send;
 * Node counts such a connection as busy until its headers time out, so one open console tab kept a
 * SIGTERM'd server waiting past its grace period, and it exited 1 without closing its database.
 * Here every connection's requests under way are counted: at close, those with none are ended at
 * once, and the others as soon as their last response is sent.
 *
 * Call at start, before listening; the function it returns ends the connections at close.
 */
export function trackRequests(server: Server): () => void {
  const underWay = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    // Let in just before listening stopped: nothing was asked of it yet.
    if (closing) return void socket.destroy();
    underWay.set(socket, 0);
    socket.once('close', () => underWay.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    underWay.set(socket, (underWay.get(socket) ?? 0) + 1);
    response.once('close', () => {
      // Gone already if the client hung up.
      if (!underWay.has(socket)) return;
      const left = underWay.get(socket)! - 1;
      underWay.set(socket, left);
      if (closing && left === 0) socket.destroy();
    });
  });
  return () => {
    closing = true;
    for (const [socket, requests] of underWay) if (requests === 0) socket.destroy();
  };
}
