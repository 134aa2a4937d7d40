import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { createAiAssistModule } from './modules/ai-assist/index.ts';
import { createAnnouncementsModule } from './modules/announcements/index.ts';
import { registerApiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { createAuditModule } from './modules/audit/index.ts';
import type { AuthState } from './modules/auth/auth.service.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createAutomationModule } from './modules/automation/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { createCampaignsModule } from './modules/campaigns/index.ts';
import { type ChannelsOptions, createChannelsModule } from './modules/channels/index.ts';
import { createChatsModule } from './modules/chats/index.ts';
import { createCompaniesModule } from './modules/companies/index.ts';
import { createCompanySchedulesModule } from './modules/company-schedules/index.ts';
import { createConnectionsModule } from './modules/connections/index.ts';
import { createContactsModule } from './modules/contacts/index.ts';
import { createDashboardModule } from './modules/dashboard/index.ts';
import { createDeadLettersModule } from './modules/dead-letters/index.ts';
import { createFlowsModule } from './modules/flows/index.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createHelpsModule } from './modules/helps/index.ts';
import { assertBotRefs, createIntegrationsModule } from './modules/integrations/index.ts';
import { createKanbanModule } from './modules/kanban/index.ts';
import { createMessagesModule, type MessagesOptions } from './modules/messages/index.ts';
import { createPasswordResetModule } from './modules/password-reset/index.ts';
import { redactResetUrl } from './modules/password-reset/password-reset.routes.ts';
import { createPlansModule } from './modules/plans/index.ts';
import { createPublicApiModule } from './modules/public-api/index.ts';
import { createPushModule } from './modules/push/index.ts';
import { createQueuesModule } from './modules/queues/index.ts';
import { createQuickMessagesModule } from './modules/quick-messages/index.ts';
import { createReportsModule } from './modules/reports/index.ts';
import { createSchedulesModule } from './modules/schedules/index.ts';
import { createSettingsModule } from './modules/settings/index.ts';
import { createSignupModule } from './modules/signup/index.ts';
import { countSlaTargets, createSlaModule } from './modules/sla/index.ts';
import { createTagsModule } from './modules/tags/index.ts';
import { createTicketNotesModule } from './modules/ticket-notes/index.ts';
import { createTicketsModule } from './modules/tickets/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createWebhooksModule, type WebhooksOptions } from './modules/webhooks/index.ts';
import { createNodeBus } from './platform/cluster/node-bus.ts';
import type { Config } from './platform/config.ts';
import type { Platform } from './platform/context.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { keepTablesUp, tableUpkeepJob } from './platform/db/table-upkeep.ts';
import { createResponseSerializer } from './platform/http/contract-routes.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { runGuardsFirst } from './platform/http/guards.ts';
import { registerRequestLogging } from './platform/http/request-logging.ts';
import { registerAuthentication } from './platform/http/request-session.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { createSessionCache } from './platform/http/session-cache.ts';
import { registerStaticFiles } from './platform/http/static-files.ts';
import { createTokenService } from './platform/http/tokens.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { registerClientRooms } from './platform/realtime/client-rooms.ts';
import { attachFanOut } from './platform/realtime/fan-out.ts';
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
  options: {
    channels?: ChannelsOptions;
    messages?: MessagesOptions;
    webhooks?: WebhooksOptions;
    clock?: () => Date;
  } = {},
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
  // Tests fail on a response that breaks its contract; production logs it and still answers.
  app.setSerializerCompiler(createResponseSerializer({ isStrict: config.env === 'test', log: app.log }));
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
      if (!session || session.twoFactorSetupOnly) throw new Error('ERR_SESSION_EXPIRED');
      // A socket lives for hours: its queues and allTicket are read fresh at each use instead.
      const { viewer: _readFreshLater, ...socketSession } = session;
      return socketSession;
    },
  });
  // The AWS SDK is loaded only for a bucket: a single process on local disk never pays for it.
  const s3 = config.s3
    ? (await import('./platform/storage/s3-storage.ts')).createS3Storage(
        config.s3,
        mediaSigner,
        path.join(config.dataDir, 'media-cache'),
      )
    : null;
  const storage = s3 ?? createLocalStorage(config.publicDir, mediaSigner);
  const fanOut = await attachFanOut(realtime.io, {
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    databaseUrl: database.kind === 'postgres' ? database.connectionString : undefined,
    log: app.log,
  });
  const bus = createNodeBus({ database, nodeId: config.nodeId, log: app.log });
  const sessions = createSessionCache<AuthState>({ bus, log: app.log, ttlMs: config.sessionCacheMs });
  const platform: Platform = {
    config,
    database,
    db: database.db,
    tokens,
    realtime,
    clientRooms: registerClientRooms(realtime),
    jobs: new JobQueue(database, app.log, { maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds }),
    bus,
    sessions,
    storage,
    mailer: createMailer(config.smtp),
    log: app.log,
    clock: options.clock ?? (() => new Date()),
  };
  // A PostgreSQL server has autovacuum; the embedded database has this job instead.
  if (database.kind === 'pglite') {
    platform.jobs.handle(tableUpkeepJob, async () => {
      const done = await keepTablesUp(database.executeSql);
      if (done.length > 0) app.log.info({ done }, 'embedded database: tables vacuumed or analyzed');
    });
  }

  // Late-bound: automatic assignment (tickets, made below) looks again when an attendant may take
  // more tickets or a queue starts assigning (docs/decisions/fair-assignment.md).
  const assignmentKick = (companyId: number) => tickets.assignment.kick(companyId);
  // Late-bound too: the reports' rows are rebuilt on the new calendar by a job.
  const reportsTimeZoneChanged = (companyId: number) => reports.timeZoneChanged(companyId);
  const audit = createAuditModule(platform);
  const settings = createSettingsModule(platform, {
    audit,
    changed: async (companyId, key) => {
      if (key === 'ticketCapacity') await assignmentKick(companyId);
      // Users signed in when the rule is turned on meet it at their next request, in every process.
      if (key === 'require2faForAdmins') sessions.forgetCompany(companyId);
      if (key === 'timezone') await reportsTimeZoneChanged(companyId);
    },
  });
  const plans = createPlansModule(platform, { settings: settings.reader, audit });
  const users = createUsersModule(platform, {
    planRules: plans.rules,
    availabilityChanged: assignmentKick,
    audit,
  });
  const auth = createAuthModule(platform, users.repository, sessions, settings.reader, audit);

  registerAuthentication(app, auth.service.resolveAccessToken);
  // A write is answered once the webhook deliveries of the events it caused are stored: what the
  // caller was told happened reaches the endpoints even if this process dies right after
  // (docs/decisions/public-api-and-webhooks.md, "Durability").
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await platform.realtime.domain.settled();
  });
  // Before any route: guards run right after authentication, before validation.
  const hookedRoutes = runGuardsFirst(app);
  const { serveSpa } = await registerStaticFiles(app, {
    webDistDir: config.webDistDir,
    publicDir: config.publicDir,
    signer: mediaSigner,
    bucketUrlOf: s3 ? (relativePath) => s3.presignedUrlOf(relativePath) : undefined,
  });
  registerErrorHandler(app, serveSpa);

  // Late-bound: the channels module is made below.
  let phase: 'starting' | 'ready' | 'draining' = 'starting';
  registerHealthRoutes(app, platform.db, {
    node: config.nodeId,
    isRestoring: () => channels.isRestoring(),
    phase: () => (phase === 'ready' && channels.isRestoring() ? 'starting' : phase),
    redis: async () => (fanOut.kind === 'redis' ? ((await fanOut.isUp()) ? 'up' : 'down') : 'unused'),
    jobs: () => (platform.jobs.running ? 'running' : 'stopped'),
    fanOut: fanOut.kind,
    sessions: () => channels.manager.count(),
  });
  auth.register(app);
  audit.register(app);
  users.register(app);
  plans.register(app);
  // Late-bound: deleting a company stops its live sessions as deleting a connection does.
  createCompaniesModule(platform, {
    plans,
    sessions: () => connections.sessions(),
    dueDateSet: (companyId) => billing.service.companyChanged(companyId),
    settings: settings.reader,
    users: users.repository,
    audit,
  }).register(app);
  const connections = createConnectionsModule(platform, {
    planRules: plans.rules,
    assertBotRefs,
    adminEmails: (companyId) => users.repository.adminEmails(companyId),
    messagesLanguage: async (companyId) => (await settings.reader.locale(companyId)).language,
    audit,
  });
  const deadLetters = createDeadLettersModule(platform);
  // Channels are transport; the conversation core (messages) stores what they receive and sends through them.
  const channels = createChannelsModule(platform, { connections }, options.channels);
  const messages = createMessagesModule(
    platform,
    { channels, deadLetters: deadLetters.repository, settings: settings.reader },
    options.messages,
  );
  channels.deliverInboundTo(messages.intake);
  connections.register(app);
  messages.register(app);
  channels.register(app);
  deadLetters.register(app);
  settings.register(app);
  createCompanySchedulesModule(platform).register(app);
  createSignupModule(platform, { users: users.repository }).register(app);
  createPasswordResetModule(platform, { users: users.repository }).register(app);
  createHelpsModule(platform).register(app);
  createAnnouncementsModule(platform).register(app);
  createQueuesModule(platform, { plans, assertBotRefs, assignmentChanged: assignmentKick, audit }).register(app);
  const contacts = createContactsModule(platform, { sessions: channels.router, audit });
  contacts.register(app);
  // After channels: the tickets policy guards the ticket rooms and decides the list rooms.
  const tickets = createTicketsModule(platform, {
    sessions: channels.router,
    assertBotRefs,
    markMessagesRead: messages.repository.markReadInTicket,
    settings: settings.reader,
    audit,
  });
  const automation = createAutomationModule(platform, { messages, tickets, settings: settings.reader });
  const integrations = createIntegrationsModule(platform, { messages, tickets, planRules: plans.rules, audit });
  const flows = createFlowsModule(platform, {
    messages,
    tickets,
    contacts,
    planRules: plans.rules,
    settings: settings.reader,
    // Integrations of type flowbuilder start flows; a flow's typebot and OpenAI nodes talk through the bots.
    integrationFlow: integrations.flowOfTicket,
    bots: integrations.flowBots,
    // Late-bound: flow texts fill the company's custom variables kept in the campaign settings.
    companyVariables: async (companyId) => (await campaigns.service.settings(companyId)).variables,
  });
  // The inbound pipeline: a stored customer message is offered to each step in turn until one
  // handles it (docs/architecture.md, "The inbound pipeline").
  messages.inbound.declare([
    flows.inbound, // a running flow, or one the message starts
    integrations.botInbound, // the bot of the ticket's connection or queue
    automation.inbound, // routing: greeting, queue choice, chatbot menus; ratings and declined calls
    integrations.botInbound, // the bot of the queue routing just chose
  ]);
  // After an attendant's change: the ticket's flow stops first, then routing's notices.
  tickets.afterChange.declare([flows.stopOnTicketChange, automation.service.afterTicketChange]);
  integrations.register(app);
  flows.register(app);
  tickets.register(app);
  const tags = createTagsModule(platform, { tickets, planRules: plans.rules });
  tags.register(app);
  createKanbanModule(platform, { tickets, tags, planRules: plans.rules }).register(app);
  createTicketNotesModule(platform, { tickets }).register(app);
  createAiAssistModule(platform, { tickets, planRules: plans.rules, settings: settings.reader }).register(app);
  createQuickMessagesModule(platform).register(app);
  const dashboard = createDashboardModule(platform, { settings: settings.reader });
  dashboard.register(app);
  const reports = createReportsModule(platform, {
    settings: settings.reader,
    slaCounts: (companyId, filters) => countSlaTargets(platform, companyId, filters),
  });
  reports.register(app);
  createSlaModule(platform, { tickets, settings: settings.reader, dashboard: () => dashboard.service }).register(app);
  const push = createPushModule(platform, { settings: settings.reader });
  push.register(app);
  createChatsModule(platform, {
    tickets,
    planRules: plans.rules,
    messageSent: (companyId, sent) => push.chatMessageSent(companyId, sent),
  }).register(app);
  createPublicApiModule(platform, { messages, tickets, contacts, planRules: plans.rules }).register(app);
  const webhooks = createWebhooksModule(platform, { ...options.webhooks, audit });
  webhooks.register(app);
  const schedules = createSchedulesModule(platform, {
    messages,
    tickets,
    planRules: plans.rules,
    settings: settings.reader,
    templates: channels.templates,
  });
  schedules.register(app);
  const billing = createBillingModule(platform);
  billing.register(app);
  registerApiDocsRoutes(app, routes, '1.0.0');
  const campaigns = createCampaignsModule(platform, {
    messages,
    tickets,
    contacts,
    sessions: channels.manager,
    settings: settings.reader,
    templates: channels.templates,
    audit,
  });
  campaigns.register(app);

  return {
    app,
    platform,
    /** For tests: every route with a guard (role, permission or plan flag) or another pre-handler hook. */
    hookedRoutes,
    /** For tests: every registered route (the route-walking fuzz test). */
    routes,
    /** For tests: the settings reader (plan rules a test builds read through it). */
    settings: settings.reader,
    /** For tests: the audit log's writer, to show an entry rolls back with its transaction. */
    audit,
    async start(listen: { port: number; host: string }) {
      // The job queue and the process bus first: a request that queues work (a campaign's start,
      // a number check) may come in as soon as the port is open, and would fail without them.
      await platform.bus.start();
      await platform.jobs.start();
      await app.listen(listen);
      channels.start();
      schedules.start();
      billing.start();
      campaigns.start();
      webhooks.start();
      phase = 'ready';
      return app.server.address();
    },
    /**
     * Drains: the ready probe answers 503 at once, sockets are closed (clients reconnect to
     * another process), HTTP stops taking requests and finishes those in flight, the sessions stop
     * and release their leases (another process takes over at its next look), workers finish.
     */
    async stop() {
      phase = 'draining';
      webhooks.stop();
      campaigns.stop();
      await realtime.close();
      await app.close();
      await channels.stop();
      // Webhook deliveries of the last events are stored (and their jobs sent) before the queue stops.
      await platform.realtime.domain.settled();
      await platform.jobs.stop();
      await platform.bus.stop();
      await fanOut.close();
      s3?.close();
    },
  };
}

export type Server = Awaited<ReturnType<typeof buildServer>>;
