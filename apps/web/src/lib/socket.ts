import type { ClientToServerEvents, ServerToClientEvents } from '@wacrm/shared/realtime/events';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket to this origin's /socket.io, authenticated by the access token in the query; connect it yourself. */
export function createSocket(token: string): AppSocket {
  return io({
    path: '/socket.io',
    // WebSocket first: one connection to one process, so several processes behind a load balancer
    // need no sticky sessions for it; long-polling remains the fallback where WebSocket is blocked
    // (that one needs sticky sessions: docs/deploy.md).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    query: { token },
    autoConnect: false,
  });
}

/** Whether a connect_error means our token was refused (so a refresh may help). */
export function isTokenRefused(error: Error): boolean {
  return /ERR_SESSION_EXPIRED|ERR_NOT_AUTHENTICATED|invalid|expired|jwt/i.test(error.message);
}
