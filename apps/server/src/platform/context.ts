import type { FastifyBaseLogger } from 'fastify';
import type { NodeBus } from './cluster/node-bus.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { SessionInvalidation } from './http/session-cache.ts';
import type { TokenService } from './http/tokens.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { registerClientRooms } from './realtime/client-rooms.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { FileStorage } from './storage/local-storage.ts';

/** The infrastructure a feature module is given when it registers. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  realtime: Realtime;
  clientRooms: ReturnType<typeof registerClientRooms>;
  jobs: JobQueue;
  /** Commands to the process holding a session (docs/decisions/session-ownership.md). */
  bus: NodeBus;
  /**
   * The per-process cache of the token check's session row: whatever changes a user's token
   * version, profile, allTicket or queues, or a company's status, due date or queues, calls it
   * after the commit (platform/http/session-cache.ts).
   */
  sessions: SessionInvalidation;
  storage: FileStorage;
  /** The SMTP transport (`SMTP_HOST`), or null when none is configured: then no mail is sent. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** "Now" for business rules (hours, bot timing, timers); tests inject one to travel in time. */
  clock: () => Date;
}
