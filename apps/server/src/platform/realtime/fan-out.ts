import type { createAdapter as postgresAdapterOf } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Server } from 'socket.io';

export type FanOutKind = 'redis' | 'postgres' | 'none';

/**
 * Events emitted in one process reach sockets connected to any process: through Redis pub/sub
 * when REDIS_URL is set, else through PostgreSQL NOTIFY (so two processes without Redis still
 * work), and not at all on the embedded database (one process by nature).
 */
export async function attachFanOut(
  io: Server,
  options: { redisUrl?: string; redisPrefix: string; databaseUrl?: string; log: FastifyBaseLogger },
): Promise<{ kind: FanOutKind; isUp: () => Promise<boolean>; close: () => Promise<void> }> {
  // Each adapter loads only when it is used: a process with no Redis to talk to (every install on
  // the embedded database) spares the Redis client's modules, ~4 MB of heap.
  if (options.redisUrl) {
    const [{ createClient }, { createAdapter: createRedisAdapter }] = await Promise.all([
      import('redis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error) => options.log.warn({ err: error }, 'redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createRedisAdapter(pub, sub, { key: `${options.redisPrefix}:socket.io` }));
    return {
      kind: 'redis',
      isUp: async () => {
        try {
          return (await pub.ping()) === 'PONG';
        } catch {
          return false;
        }
      },
      close: async () => {
        await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
      },
    };
  }
  if (options.databaseUrl) {
    const { createAdapter: createPostgresAdapter } = await import('@socket.io/postgres-adapter');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3 });
    pool.on('error', (error) => options.log.warn({ err: error }, 'realtime fan-out pool error'));
    // The adapter holds its LISTEN client out of the pool, where pg leaves it without an error
    // listener: a connection PostgreSQL ends (a restart, a failover, an admin) would then crash the
    // process. With one, the client's end is what the adapter hears, and it connects again.
    pool.on('connect', (client) =>
      client.on('error', (error) => options.log.warn({ err: error }, 'realtime fan-out connection lost')),
    );
    io.adapter(
      inEmitOrder(
        createPostgresAdapter(pool, {
          tableName: 'socket_io_attachments',
          channelPrefix: `${options.redisPrefix}_socket_io`,
          errorHandler: (error) => options.log.warn({ err: error }, 'realtime fan-out error'),
        }),
      ),
    );
    // The adapter's LISTEN client is taken from the pool while the adapter starts; a server stopped
    // right after it was built can close the adapter before that client arrives, and then nothing
    // ever gives it back and `pool.end()` waits for ever. Such a stray client is destroyed.
    const taken = new Set<pg.PoolClient>();
    pool.on('acquire', (client) => taken.add(client));
    pool.on('release', (_error, client) => taken.delete(client));
    const close = async () => {
      const ended = pool.end().catch(() => undefined);
      const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 2_000).unref());
      if ((await Promise.race([ended, timer])) === 'late') for (const client of taken) client.release(true);
      await ended;
    };
    return { kind: 'postgres', isUp: async () => true, close };
  }
  return { kind: 'none', isUp: async () => true, close: async () => undefined };
}

type AdapterFactory = ReturnType<typeof postgresAdapterOf>;

/**
 * The PostgreSQL adapter hands an event to this process's sockets only once its NOTIFY has
 * returned, and the pool runs several NOTIFYs at once (a large event also writes an attachment
 * first): two events emitted in order could arrive swapped, here and on the other processes.
 * Queuing each namespace's broadcasts keeps them in the order they were emitted. (A `function`,
 * not an arrow: socket.io calls the factory with `new`.)
 *
 * While no other process is heard from (the adapter's heartbeats: every process announces itself
 * when its adapter starts, before it listens, and every 5 s after), a broadcast has no one to reach
 * elsewhere and goes to this process's sockets without the NOTIFY: one process on a PostgreSQL
 * server otherwise paid a database round trip per event, one event after the other.
 */
function inEmitOrder(factory: AdapterFactory): AdapterFactory {
  return function orderedAdapter(namespace) {
    const adapter = factory(namespace);
    // The other processes heard from within the heartbeat timeout (private in socket.io's types).
    const others = (adapter as unknown as { nodesMap?: Map<string, number> }).nodesMap;
    const broadcast = adapter.broadcast.bind(adapter);
    let previous: Promise<void> = Promise.resolve();
    adapter.broadcast = (packet, broadcastOptions) => {
      const alone = others?.size === 0;
      const options = alone
        ? { ...broadcastOptions, flags: { ...broadcastOptions.flags, local: true } }
        : broadcastOptions;
      previous = previous.then(() => broadcast(packet, options)).catch(() => undefined);
      return previous;
    };
    return adapter;
  };
}
