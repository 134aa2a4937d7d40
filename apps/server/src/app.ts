import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { createAnnouncementsModule } from './modules/announcements/index.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createAutomationModule } from './modules/automation/index.ts';
import { type ChannelsOptions, createChannelsModule } from './modules/channels/index.ts';
import { createChatsModule } from './modules/chats/index.ts';
import { createCompaniesModule } from './modules/companies/index.ts';
import { createCompanySchedulesModule } from './modules/company-schedules/index.ts';
import { createConnectionsModule } from './modules/connections/index.ts';
import { createContactsModule } from './modules/contacts/index.ts';
import { createDashboardModule } from './modules/dashboard/index.ts';
import { createDeadLettersModule } from './modules/dead-letters/index.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createHelpsModule } from './modules/helps/index.ts';
import { createKanbanModule } from './modules/kanban/index.ts';
import { createMessagesModule, type MessagesOptions } from './modules/messages/index.ts';
import { createPasswordResetModule } from './modules/password-reset/index.ts';
import { redactResetUrl } from './modules/password-reset/password-reset.routes.ts';
import { createPlansModule } from './modules/plans/index.ts';
import { createQueuesModule } from './modules/queues/index.ts';
import { createQuickMessagesModule } from './modules/quick-messages/index.ts';
import { createSchedulesModule } from './modules/schedules/index.ts';
import { createSettingsModule } from './modules/settings/index.ts';
import { createSignupModule } from './modules/signup/index.ts';
import { createTagsModule } from './modules/tags/index.ts';
import { createTicketNotesModule } from './modules/ticket-notes/index.ts';
import { createTicketsModule } from './modules/tickets/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import type { Config } from './platform/config.ts';
import type { Platform } from './platform/context.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { runGuardsFirst } from './platform/http/guards.ts';
import { registerRequestLogging } from './platform/http/request-logging.ts';
import { registerAuthentication } from './platform/http/request-session.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerStaticFiles } from './platform/http/static-files.ts';
import { createTokenService } from './platform/http/tokens.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { registerClientRooms } from './platform/realtime/client-rooms.ts';
import { createRealtime } from './platform/realtime/realtime.ts';
import { createLocalStorage } from './platform/storage/local-storage.ts';
import { createMediaSigner } from './platform/storage/media-signature.ts';

/**
 * Builds the whole server around an open, migrated database: HTTP routes, realtime and
 * jobs. Tests build it too. `start` listens and starts the job workers; `stop` undoes both.
 */
export async function buildServer(
  config: Config,
  database: DatabaseHandle,
  logging: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> = { logger: false },
  options: { channels?: ChannelsOptions; messages?: MessagesOptions; clock?: () => Date } = {},
) {
  // Requests are logged by registerRequestLogging, at debug unless they fail or are slow.
  const app = Fastify({
    ...logging,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  // The password reset path carries the code and the new password (spec): never logged.
  registerRequestLogging(app, [redactResetUrl]);
  // Every route as registered: the route-walking tests (test/route-fuzz) go through all of them.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, { frontendUrl: config.frontendUrl });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });
  if (config.frontendUrl) await app.register(fastifyCors, { origin: config.frontendUrl, credentials: true });

  const tokens = createTokenService(config);
  const mediaSigner = createMediaSigner(config.jwtSecret);
  const realtime = createRealtime(app.server, {
    corsOrigin: config.frontendUrl,
    log: app.log,
    authenticate: async (token) => {
      const session = await auth.service.resolveAccessToken(token);
      if (!session) throw new Error('ERR_SESSION_EXPIRED');
      // A socket lives for hours: its queues and allTicket are read fresh at each use instead.
      const { viewer: _readFreshLater, ...socketSession } = session;
      return socketSession;
    },
  });
  const platform: Platform = {
    config,
    database,
    db: database.db,
    tokens,
    realtime,
    clientRooms: registerClientRooms(realtime),
    jobs: new JobQueue(database, app.log),
    storage: createLocalStorage(config.publicDir, mediaSigner),
    log: app.log,
    clock: options.clock ?? (() => new Date()),
  };

  const users = createUsersModule(platform);
  const auth = createAuthModule(platform, users.repository);
  const plans = createPlansModule(platform);
  const settings = createSettingsModule(platform);

  registerAuthentication(app, auth.service.resolveAccessToken);
  // Before any route: guards run right after authentication, before validation.
  const hookedRoutes = runGuardsFirst(app);
  const { serveSpa } = await registerStaticFiles(app, {
    webDistDir: config.webDistDir,
    publicDir: config.publicDir,
    signer: mediaSigner,
  });
  registerErrorHandler(app, serveSpa);

  // Late-bound: the channels module is made below.
  registerHealthRoutes(app, platform.db, () => channels.isRestoring());
  auth.register(app);
  users.register(app);
  plans.register(app);
  // Late-bound: deleting a company stops its live sessions as deleting a connection does.
  createCompaniesModule(platform, { plans, sessions: () => connections.sessions() }).register(app);
  const connections = createConnectionsModule(platform, { planRules: plans.rules });
  const messages = createMessagesModule(platform, options.messages);
  const deadLetters = createDeadLettersModule(platform);
  const channels = createChannelsModule(
    platform,
    { connections, messages, deadLetters: deadLetters.repository },
    options.channels,
  );
  connections.register(app);
  messages.register(app);
  channels.register(app);
  deadLetters.register(app);
  settings.register(app);
  createCompanySchedulesModule(platform).register(app);
  createSignupModule(platform).register(app);
  createPasswordResetModule(platform).register(app);
  createHelpsModule(platform).register(app);
  createAnnouncementsModule(platform).register(app);
  createQueuesModule(platform, { plans }).register(app);
  createContactsModule(platform, { sessions: channels.manager }).register(app);
  // After channels: the tickets policy guards the ticket rooms and decides the list rooms.
  const tickets = createTicketsModule(platform);
  tickets.useSessions(channels.manager);
  const automation = createAutomationModule(platform, { messages, tickets });
  tickets.useAutomation(automation.service.afterTicketChange);
  channels.useAutomation(automation.service);
  tickets.register(app);
  const tags = createTagsModule(platform, { tickets, planRules: plans.rules });
  tags.register(app);
  createKanbanModule(platform, { tickets, tags, planRules: plans.rules }).register(app);
  createTicketNotesModule(platform, { tickets }).register(app);
  createQuickMessagesModule(platform).register(app);
  createDashboardModule(platform).register(app);
  createChatsModule(platform, { tickets, planRules: plans.rules }).register(app);
  const schedules = createSchedulesModule(platform, { messages, tickets, planRules: plans.rules });
  schedules.register(app);

  return {
    app,
    platform,
    /** For tests: every route with a guard (role, permission or plan flag) or another pre-handler hook. */
    hookedRoutes,
    /** For tests: every registered route (the route-walking fuzz test). */
    routes,
    /** For tests: the timers sweep on demand, with the injected clock. */
    automation: automation.service,
    /** For tests: the due-schedule sweep on demand, with the injected clock. */
    schedules: schedules.service,
    async start(listen: { port: number; host: string }) {
      await app.listen(listen);
      await platform.jobs.start();
      channels.start();
      schedules.start();
      return app.server.address();
    },
    async stop() {
      await channels.stop();
      await platform.jobs.stop();
      await realtime.close();
      await app.close();
    },
  };
}

export type Server = Awaited<ReturnType<typeof buildServer>>;
