import { createHash } from 'node:crypto';
import { type ErrorCode, errorCatalogue } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';

export type CommandHandler = (args: unknown) => Promise<unknown>;

/** A command's answer as stored in `node_commands.reply`. */
type Reply = { ok: true; result?: unknown } | { ok: false; code?: string; message?: string };

/** Channel names are identifiers (63 bytes at most): a hash of the node id fits any id. */
export const channelOf = (nodeId: string) =>
  `wacrm_node_${createHash('sha1').update(nodeId).digest('hex').slice(0, 20)}`;

/** Every process listens here too, for news meant for all (a process released its sessions). */
const BROADCAST_CHANNEL = 'wacrm_cluster';

const COMMAND_TIMEOUT_MS = 10_000;

/**
 * Commands from one server process to another, over PostgreSQL (docs/decisions/session-ownership.md):
 * the caller inserts a `node_commands` row and NOTIFYs the target's channel; the target runs the
 * handler, stores the reply in the row and NOTIFYs the caller, who reads and deletes the row.
 * Only an embedded (PGlite) database is single-process by nature: there every call is local.
 */
export function createNodeBus(deps: { database: DatabaseHandle; nodeId: string; log: FastifyBaseLogger }) {
  const { database, nodeId, log } = deps;
  const handlers = new Map<string, CommandHandler>();
  const broadcastHandlers = new Map<string, (data: unknown) => void>();
  const waiting = new Map<number, { resolve: (reply: Reply) => void; timer: NodeJS.Timeout }>();
  const myChannel = channelOf(nodeId);
  let listener: pg.Client | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  async function run(id: number) {
    const { rows } = await database.executeSql(
      'select caller, command, args from node_commands where id = $1 and target = $2 and reply is null',
      [id, nodeId],
    );
    const row = rows[0] as { caller: string; command: string; args: unknown } | undefined;
    if (!row) return;
    let reply: Reply;
    try {
      const handler = handlers.get(row.command);
      if (!handler) throw new Error(`unknown node command ${row.command}`);
      reply = { ok: true, result: (await handler(row.args)) ?? null };
    } catch (error) {
      reply =
        error instanceof AppError
          ? { ok: false, code: error.code }
          : { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    if (!row.caller) {
      // Told, not asked: nobody waits for the answer.
      if (!reply.ok) log.warn({ command: row.command, reply }, 'node command failed');
      await database.executeSql('delete from node_commands where id = $1', [id]);
      return;
    }
    await database.executeSql('update node_commands set reply = $2 where id = $1', [id, JSON.stringify(reply)]);
    await database.executeSql('select pg_notify($1, $2)', [channelOf(row.caller), JSON.stringify({ reply: id })]);
  }

  async function collect(id: number) {
    const pending = waiting.get(id);
    if (!pending) return;
    const { rows } = await database.executeSql('delete from node_commands where id = $1 returning reply', [id]);
    const reply = (rows[0] as { reply: Reply | null } | undefined)?.reply;
    if (!reply) return;
    waiting.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  function onNotification(payload: string | undefined) {
    try {
      const message = JSON.parse(payload ?? '{}') as {
        call?: number;
        reply?: number;
        news?: string;
        from?: string;
        data?: unknown;
      };
      if (message.news && message.from !== nodeId) broadcastHandlers.get(message.news)?.(message.data);
      if (message.call) void run(message.call).catch((error) => log.error({ err: error }, 'node command failed'));
      if (message.reply) void collect(message.reply).catch((error) => log.warn({ err: error }, 'node reply lost'));
    } catch (error) {
      log.warn({ err: error }, 'bad node notification');
    }
  }

  return {
    nodeId,
    /** Whether other processes may share the database (a PostgreSQL server). */
    clustered: database.kind === 'postgres',

    handle(command: string, handler: CommandHandler) {
      handlers.set(command, handler);
    },

    /** Runs `command` in process `target` (this one when it is us); throws what the handler threw. */
    async call(target: string, command: string, args: unknown): Promise<unknown> {
      if (target === nodeId || !listener) {
        const handler = handlers.get(command);
        if (!handler) throw new Error(`unknown node command ${command}`);
        return handler(args);
      }
      const { rows } = await database.executeSql(
        'insert into node_commands (target, caller, command, args) values ($1, $2, $3, $4) returning id',
        [target, nodeId, command, JSON.stringify(args)],
      );
      const id = Number((rows[0] as { id: string | number }).id);
      const reply = await new Promise<Reply>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          void database.executeSql('delete from node_commands where id = $1', [id]).catch(() => undefined);
          // The owner did not answer (it died or hangs): the caller treats the session as down.
          resolve({ ok: false, code: 'ERR_WAPP_NOT_INITIALIZED' });
        }, COMMAND_TIMEOUT_MS);
        waiting.set(id, { resolve, timer });
        // A notify that fails (the database closing) leaves the call to its timer above.
        database
          .executeSql('select pg_notify($1, $2)', [channelOf(target), JSON.stringify({ call: id })])
          .catch(() => undefined);
      });
      if (reply.ok) return reply.result;
      if (reply.code && reply.code in errorCatalogue) throw new AppError(reply.code as ErrorCode);
      throw new Error(reply.message ?? 'node command failed');
    },

    /** Runs `handler` with the news's data when another process broadcasts `news`. */
    onBroadcast(news: string, handler: (data: unknown) => void) {
      broadcastHandlers.set(news, handler);
    },

    /**
     * Tells every other process `news`, with small JSON `data` (a NOTIFY payload: under 8,000 bytes).
     * Nothing on an embedded database: there are no others.
     */
    async broadcast(news: string, data?: unknown) {
      if (!listener) return;
      await database.executeSql('select pg_notify($1, $2)', [
        BROADCAST_CHANNEL,
        JSON.stringify({ news, from: nodeId, ...(data === undefined ? {} : { data }) }),
      ]);
    },

    /**
     * Hands `command` to process `target` without waiting for it to run: for work whose state is in
     * the database anyway (a send: the message waits as unsent if the target died meanwhile).
     */
    async tell(target: string, command: string, args: unknown): Promise<void> {
      if (target === nodeId || !listener) {
        const handler = handlers.get(command);
        if (!handler) throw new Error(`unknown node command ${command}`);
        await handler(args);
        return;
      }
      const { rows } = await database.executeSql(
        `insert into node_commands (target, caller, command, args) values ($1, '', $2, $3) returning id`,
        [target, command, JSON.stringify(args)],
      );
      const id = Number((rows[0] as { id: string | number }).id);
      await database.executeSql('select pg_notify($1, $2)', [channelOf(target), JSON.stringify({ call: id })]);
    },

    async start() {
      if (database.kind !== 'postgres' || !database.connectionString) return;
      listener = new pg.Client({ connectionString: database.connectionString });
      listener.on('notification', (message) => onNotification(message.payload));
      listener.on('error', (error) => log.error({ err: error }, 'node bus connection failed'));
      await listener.connect();
      await listener.query(`listen ${myChannel}`);
      await listener.query(`listen ${BROADCAST_CHANNEL}`);
      // Commands nobody collected (their caller died) are dropped after a while.
      sweepTimer = setInterval(() => {
        database
          .executeSql(`delete from node_commands where created_at < now() - interval '5 minutes'`)
          .catch(() => undefined);
      }, 60_000);
      sweepTimer.unref();
    },

    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      for (const [id, pending] of waiting) {
        clearTimeout(pending.timer);
        pending.resolve({ ok: false, code: 'ERR_WAPP_NOT_INITIALIZED' });
        waiting.delete(id);
      }
      await listener?.end().catch(() => undefined);
      listener = null;
    },
  };
}

export type NodeBus = ReturnType<typeof createNodeBus>;
