import { APP_VERSION } from '@wacrm/shared';
import pino from 'pino';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { seedDatabase } from './platform/db/seed.ts';

const DRAIN_LIMIT_MS = 9_500;

// Process entry: config → database → migrations → seed → app → listen → workers.
async function main() {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel,
    ...(config.isProduction ? {} : { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword'],
  });

  const database = await openDatabase(config);
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
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: draining`);
    // A load balancer's patience is finite: whatever has not drained in 10 s is cut off.
    const deadline = setTimeout(() => {
      logger.warn('drain took longer than 10 s: exiting');
      process.exit(0);
    }, DRAIN_LIMIT_MS);
    deadline.unref();
    await server.stop().catch((error) => logger.error({ err: error }, 'drain failed'));
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start:', error);
  }
  process.exit(1);
});
