import type pg from 'pg';

/** Past this, a connection that has not said it closed is left to the operating system. */
const CLOSE_WAIT_MS = 5_000;

/**
 * Ends a pool and waits until its connections have closed. `pool.end()` resolves as soon as the
 * pool has let its clients go, while their connections are still saying goodbye: a database
 * dropped (or a server stopped) right then ends one of them with an error that reaches a pool no
 * longer listening, and the process gets it as an uncaught exception.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
    setTimeout(resolve, CLOSE_WAIT_MS).unref();
  });
  await pool.end();
  await closed;
}
