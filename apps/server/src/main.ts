import { APP_VERSION } from '@wacrm/shared';
import pino from 'pino';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { seedDatabase } from './seed.ts';

const DRAIN_LIMIT_MS = 9_500;

// Process entry: config → database → migrations → seed → app → listen → workers.
async function main() {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    ...(config.isProduction ? {} : { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword'],
  });

  // The embedded database's thread failing leaves a server that answers nothing: exit, and let the
  // service manager start it again (docs/decisions/hardening.md, "When the embedded database stops").
  let stop = async (_reason: string, code: number): Promise<void> => process.exit(code);
  const database = await openDatabase({
    ...config,
    onLost: (error) => {
      logger.fatal({ err: error }, 'the embedded database stopped: exiting');
      void stop('database lost', 1);
    },
  });
  await database.migrate();
  const seed = await seedDatabase(database.db, config);
  const server = await buildServer(config, database, { loggerInstance: logger });
  await server.start({ port: config.port, host: config.host });

  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  logger.info(`WACRM ${APP_VERSION} ready at http://localhost:${config.port} (${where})`);
  if (seed.created || !config.isProduction) {
    logger.info(
      `Log in as ${config.admin.email} with ${seed.created ? `password ${config.admin.password}` : 'your admin password'}`,
    );
  }

  let stopping = false;
  stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}: draining`);
    // A load balancer's patience is finite: whatever has not drained in 10 s is cut off.
    const deadline = setTimeout(() => {
      logger.warn('drain took longer than 10 s: exiting');
      process.exit(code);
    }, DRAIN_LIMIT_MS);
    deadline.unref();
    await server.stop().catch((error) => logger.error({ err: error }, 'drain failed'));
    await database.close().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start:', error);
  }
  process.exit(1);
});
