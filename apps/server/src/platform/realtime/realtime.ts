import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, Profile, ServerToClientEvents } from '@wacrm/shared';
import { rooms } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createDomainEvents } from './domain-events.ts';

/** Who a socket belongs to, set once by the handshake check. */
export interface SocketSession {
  userId: number;
  companyId: number;
  profile: Profile;
  isSuper: boolean;
  tokenVersion: number;
  /** An expired company's admin: in the billing-only room alone, no client joins. */
  billingOnly?: boolean;
  /** The refresh session of the token it connected with: ending that session closes the socket. */
  sid?: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketSession>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketSession>;

export interface RealtimeOptions {
  corsOrigin?: string;
  /** Verifies the token of a handshake; throws when it is bad or expired. */
  authenticate: (token: string) => Promise<SocketSession>;
  log: FastifyBaseLogger;
}

/**
 * Socket.IO on the API's HTTP server. A socket proves who it is with the access token
 * (query `token` or `auth.token`) and is put in its company's and its user's rooms; the
 * features add handlers for the client's events through `onConnection`.
 */
export function createRealtime(httpServer: HttpServer, options: RealtimeOptions) {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    // spec: ping interval and timeout 18 s each.
    pingInterval: 18_000,
    pingTimeout: 18_000,
    cors: options.corsOrigin ? { origin: options.corsOrigin, credentials: true } : undefined,
  });

  io.use(async (socket, next) => {
    const token = readHandshakeToken(socket);
    if (!token) return next(new Error('ERR_SESSION_EXPIRED'));
    try {
      socket.data = await options.authenticate(token);
      next();
    } catch {
      next(new Error('ERR_SESSION_EXPIRED'));
    }
  });

  const connectionHandlers: ((socket: RealtimeSocket) => void)[] = [];

  io.on('connection', (socket) => {
    const { companyId, userId } = socket.data;
    if (socket.data.billingOnly) {
      // Nothing of the company's work reaches a billing-only session: only the payment event.
      socket.join(rooms.billingOnly(companyId));
      for (const event of ['joinNotification', 'joinTickets', 'joinChatBox'] as const) {
        socket.on(event, (...args: unknown[]) => {
          const ack = args.at(-1);
          if (typeof ack === 'function') ack(false);
        });
      }
      socket.emit('ready');
      return;
    }
    socket.join([
      rooms.company(companyId),
      rooms.user(companyId, userId),
      rooms.profile(companyId, socket.data.profile),
      rooms.everyone(),
    ]);
    for (const handler of connectionHandlers) handler(socket);
    socket.emit('ready');
    // Every page load opens a socket: debug, like the requests.
    options.log.debug({ userId, companyId, socketId: socket.id }, 'socket connected');
    socket.on('disconnect', (reason) => options.log.debug({ userId, socketId: socket.id, reason }, 'socket closed'));
  });

  return {
    io,
    /** In-process domain events, published by the same emitters (outbound webhooks listen). */
    domain: createDomainEvents(),
    /** Adds handlers for client events to every new socket. */
    onConnection(handler: (socket: RealtimeSocket) => void) {
      connectionHandlers.push(handler);
    },
    close: () => io.close(),
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

function readHandshakeToken(socket: RealtimeSocket): string | null {
  const fromAuth = socket.handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  return null;
}
