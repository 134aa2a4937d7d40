import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ChannelSession, TemplatesService } from '../channels/index.ts';
import type { ContactsModule } from '../contacts/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { createCampaignDispatch } from './campaign-dispatch.ts';
import { createCampaignSettingsReader } from './campaign-settings-reader.ts';
import { campaignDispatchJob, campaignStartJob, campaignSweepJob, numberCheckJob } from './campaigns.jobs.ts';
import { createCampaignsRealtime } from './campaigns.realtime.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';
import { registerCampaignsRoutes } from './campaigns.routes.ts';
import { createCampaignsService } from './campaigns.service.ts';
import { createContactListsRepository } from './contact-lists.repository.ts';
import { createContactListsService } from './contact-lists.service.ts';
import { createFileListsService } from './file-lists.service.ts';
import { createNumberCheck } from './number-check.ts';
import { createProgressThrottle } from './progress-throttle.ts';

/** How often the report's numbers go out while a campaign sends (and always at its end). */
const PROGRESS_EVERY_MS = 500;

/**
 * Campaigns (plan flag `useCampaigns` or the setting `campaignsEnabled`; admins only): contact
 * lists, settings, campaigns and their durable dispatch through the messages module.
 */
export function createCampaignsModule(
  platform: Platform,
  deps: {
    messages: MessagesModule;
    tickets: TicketsModule;
    contacts: ContactsModule;
    sessions: { connectedSession(whatsappId: number): ChannelSession | null };
    settings: Pick<SettingsReader, 'locale'>;
    /** Cloud API templates: checked when a campaign is saved, filled per contact when it sends. */
    templates: Pick<TemplatesService, 'prepare'>;
    audit: AuditLog;
  },
) {
  const repository = createCampaignsRepository(platform.db);
  const listsRepository = createContactListsRepository(platform.db);
  const realtime = createCampaignsRealtime(platform.realtime);
  const numberCheck = createNumberCheck({
    db: platform.db,
    lists: listsRepository,
    sessions: () => deps.sessions,
    jobs: platform.jobs,
    onChecked: (companyId, contactListId, record) =>
      realtime.contactListItem(companyId, contactListId, { action: 'update', record }),
    log: platform.log,
  });
  platform.jobs.handle(numberCheckJob, numberCheck.run);
  const lists = createContactListsService({
    repository: listsRepository,
    realtime,
    checkNumbers: (companyId, contactListId) =>
      numberCheck
        .request(companyId, contactListId)
        .catch((error) => platform.log.warn({ err: error }, 'number check not queued')),
  });
  const files = createFileListsService({ db: platform.db, storage: platform.storage, realtime, log: platform.log });
  const settings = createCampaignSettingsReader(repository, { bus: platform.bus, log: platform.log });
  const service = createCampaignsService({
    repository,
    settings,
    realtime,
    dispatch: () => dispatch,
    clock: platform.clock,
    fileListExists: files.exists,
    storage: platform.storage,
    timeZoneOf: async (companyId) => (await deps.settings.locale(companyId)).timeZone,
    templates: deps.templates,
    db: platform.db,
    audit: deps.audit,
  });

  const progress = createProgressThrottle(PROGRESS_EVERY_MS, service.progress, platform.log);
  const dispatch = createCampaignDispatch({
    db: platform.db,
    repository,
    settingsOf: settings.read,
    lists: listsRepository,
    tickets: deps.tickets.repository,
    contacts: deps.contacts.repository,
    messages: deps.messages.service,
    jobs: platform.jobs,
    clock: platform.clock,
    random: Math.random,
    log: platform.log,
    filesOf: files.filesOf,
    templates: deps.templates,
    cloudRatePerSecond: platform.config.whatsappCampaignRate,
    onProgress: (companyId, campaignId, finished) =>
      finished ? progress.now(companyId, campaignId) : progress.soon(companyId, campaignId),
  });
  // A message that waited for its connection goes out (or gives up) later: the report says so live.
  deps.messages.onOutboundSettled(async (companyId, messageId) => {
    const campaignId = await service.campaignOfMessage(companyId, messageId);
    if (campaignId) await progress.soon(companyId, campaignId);
  });
  platform.jobs.handle(campaignDispatchJob, dispatch.runJob);
  platform.jobs.handle(campaignStartJob, ({ companyId, campaignId }) => dispatch.start(companyId, campaignId));
  platform.jobs.handle(campaignSweepJob, () => dispatch.sweep(false));

  return {
    service,
    register: (app: FastifyInstance) => registerCampaignsRoutes(app, lists, service, files),
    /** The server stops: no report update is left to fire after it. */
    stop: progress.stop,
    /** After the job queue started: due campaigns start, running ones get their chain back. */
    start() {
      dispatch.sweep(true).catch((error) => platform.log.error({ err: error }, 'start-up campaign sweep failed'));
    },
  };
}
