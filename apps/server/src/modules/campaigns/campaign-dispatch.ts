import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { campaignDelayAfter, campaignVariants, fillCampaignVariables } from '@wacrm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import { contacts, messages, tickets } from '../../tables.ts';
import { mimetypeOf, type TemplatesService, templateContentOf } from '../channels/index.ts';
import type { ContactsRepository } from '../contacts/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { TicketsRepository } from '../tickets/index.ts';
import type { CampaignSettingsReader } from './campaign-settings-reader.ts';
import { type CampaignDispatchPayload, campaignDispatchJob, campaignStartJob } from './campaigns.jobs.ts';
import type { CampaignsRepository } from './campaigns.repository.ts';
import { contactListItems } from './campaigns.tables.ts';
import type { ContactListsRepository } from './contact-lists.repository.ts';

/** While the connection is down the chain looks again this often (docs/decisions/campaigns.md). */
export const PAUSED_RECHECK_MS = 5_000;
/** One job sends at most this many before handing over to the next job (keeps jobs short). */
const SENDS_PER_JOB = 200;
/** A pause up to this long is waited inside the job (a Cloud API campaign's); a longer one by the next job. */
const WAIT_IN_JOB_MS = 1_000;

type PreparedTemplate = Awaited<ReturnType<TemplatesService['prepare']>>;

type Step =
  | { kind: 'sent'; ticketId: number; messageIds: number[] }
  | { kind: 'skipped' }
  | { kind: 'wait'; ms: number }
  | { kind: 'paused' }
  | { kind: 'done' }
  | { kind: 'stopped' };

/**
 * The campaign's send loop: a chain of pg-boss jobs, each claiming one shipping record at a time
 * under the campaign row's lock. The claim, the contact's ticket, the stored message and the
 * campaign's pacing (`nextSendAt`, `sentCount`) commit together; the message is sent after the
 * commit by the messages module (a crash in between leaves it waiting for its connection, like any
 * unsent message). So a contact is messaged once, and never skipped.
 */
export function createCampaignDispatch(deps: {
  db: Database;
  repository: CampaignsRepository;
  lists: ContactListsRepository;
  tickets: Pick<TicketsRepository, 'lockContact' | 'findActive' | 'insert'>;
  contacts: Pick<ContactsRepository, 'findOrCreateByNumber'>;
  messages: Pick<MessagesService, 'stageOutbound' | 'publish'>;
  jobs: JobSender;
  clock: () => Date;
  random: () => number;
  log: FastifyBaseLogger;
  templates: Pick<TemplatesService, 'prepare'>;
  /** Messages a second on a Cloud API number, instead of the anti-ban intervals (docs/cloud-api.md). */
  cloudRatePerSecond: number;
  /** After a send (`finished` false: the report may wait a moment) and at the campaign's end. */
  onProgress: (companyId: number, campaignId: number, finished: boolean) => Promise<void>;
  /** The company's campaign settings (opt-out keywords), kept per process (campaign-settings-reader.ts). */
  settingsOf: CampaignSettingsReader['read'];
  /** The files of a campaign's file list, sent after the text. */
  filesOf: (
    tx: Database,
    companyId: number,
    fileListId: number,
  ) => Promise<{ name: string; path: string | null; mimetype: string | null }[]>;
}) {
  const { db, repository, log } = deps;

  /** Puts the chain's next job on the queue, `delayMs` from now. */
  async function queueNext(payload: CampaignDispatchPayload, delayMs: number) {
    await deps.jobs.send(campaignDispatchJob, payload, { startAfterSeconds: delayMs / 1000, retryLimit: 5 });
  }

  /**
   * Whether the number's contact ever wrote one of the opt-out keywords (any connection). Read
   * through the contact's tickets, so the cost is that contact's messages, not the company's.
   */
  async function optedOut(handle: Database, companyId: number, number: string, keywords: string[]) {
    if (keywords.length === 0) return false;
    const upper = keywords.map((keyword) => keyword.trim().toUpperCase());
    const [row] = await handle
      .select({ id: messages.id })
      .from(contacts)
      .innerJoin(tickets, and(eq(tickets.contactId, contacts.id), eq(tickets.companyId, companyId)))
      .innerJoin(messages, eq(messages.ticketId, tickets.id))
      .where(
        and(
          eq(contacts.companyId, companyId),
          eq(contacts.number, number),
          eq(messages.fromMe, false),
          inArray(sql`upper(trim(${messages.body}))`, upper),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** The audience of a campaign that starts: its list's items, or the contacts of its tag. */
  async function audience(
    tx: Database,
    companyId: number,
    campaign: { contactListId: number | null; tagId: number | null },
  ) {
    if (campaign.contactListId) {
      const items = await tx
        .select({
          name: contactListItems.name,
          number: contactListItems.number,
          email: contactListItems.email,
          whatsappValid: contactListItems.isWhatsappValid,
        })
        .from(contactListItems)
        .where(
          and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, campaign.contactListId)),
        );
      return items;
    }
    if (campaign.tagId) {
      const people = await deps.lists.contactsWithTags(companyId, [campaign.tagId], tx);
      return people.map((person) => ({ ...person, whatsappValid: null }));
    }
    return [];
  }

  /** PROGRAMADA (or a direct start) → EM_ANDAMENTO: the records are made and a new chain begins. */
  async function start(companyId: number, campaignId: number) {
    const token = randomUUID();
    const started = await db.transaction(async (tx) => {
      const campaign = await repository.lock(tx, companyId, campaignId);
      if (campaign?.status !== 'PROGRAMADA') return false;
      if (campaign.scheduledAt && campaign.scheduledAt.getTime() > deps.clock().getTime()) return false;
      const rows = await audience(tx, companyId, campaign);
      await repository.insertShippings(tx, companyId, campaignId, rows);
      await repository.update(
        companyId,
        campaignId,
        { status: 'EM_ANDAMENTO', chainToken: token, nextSendAt: deps.clock(), sentCount: 0 },
        tx,
      );
      return true;
    });
    if (!started) return false;
    await queueNext({ companyId, campaignId, token }, 0);
    await deps.onProgress(companyId, campaignId, false);
    return true;
  }

  /** A new chain for a running campaign (restart after cancel, recovery): older chains stop. */
  async function resume(companyId: number, campaignId: number) {
    const token = randomUUID();
    const row = await repository.update(companyId, campaignId, { chainToken: token });
    if (row?.status !== 'EM_ANDAMENTO') return;
    await queueNext({ companyId, campaignId, token }, 0);
  }

  /**
   * The campaign's template, looked up once per job (outside the claims' transactions). One that
   * is gone or no longer sendable (synchronised since) cancels the campaign: an admin chooses
   * another and restarts it, and nobody on the list is skipped meanwhile.
   */
  async function templateOf(companyId: number, campaignId: number): Promise<PreparedTemplate | null | 'cancelled'> {
    const row = await repository.find(companyId, campaignId);
    const campaign = row?.campaign;
    if (!campaign?.templateName || !campaign.templateLanguage || !campaign.whatsappId) return null;
    try {
      return await deps.templates.prepare(companyId, campaign.whatsappId, {
        name: campaign.templateName,
        language: campaign.templateLanguage,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn({ campaignId, reason: error.code }, 'campaign template cannot be sent; campaign cancelled');
      await repository.update(companyId, campaignId, { status: 'CANCELADA', chainToken: null });
      return 'cancelled';
    }
  }

  /** One claim: sends one contact, skips one, or says why not now. */
  async function step(
    companyId: number,
    campaignId: number,
    token: string,
    template: PreparedTemplate | null,
  ): Promise<Step> {
    const now = deps.clock();
    // Before the transaction: a settings read the cache cannot answer goes outside it, and PGlite
    // is one connection (inside, it would wait for the transaction that waits for it).
    const settings = await deps.settingsOf(companyId);
    return db.transaction(async (tx): Promise<Step> => {
      const campaign = await repository.lock(tx, companyId, campaignId);
      if (campaign?.status !== 'EM_ANDAMENTO' || campaign.chainToken !== token) return { kind: 'stopped' };
      if (campaign.nextSendAt && campaign.nextSendAt.getTime() > now.getTime()) {
        return { kind: 'wait', ms: campaign.nextSendAt.getTime() - now.getTime() };
      }
      const connection = campaign.whatsappId ? await repository.connectionOf(companyId, campaign.whatsappId, tx) : null;
      if (connection?.status !== 'CONNECTED') return { kind: 'paused' };
      const shipping = await repository.nextPending(tx, companyId, campaignId);
      if (!shipping) {
        await repository.update(
          companyId,
          campaignId,
          { status: 'FINALIZADA', completedAt: now, chainToken: null },
          tx,
        );
        return { kind: 'done' };
      }
      if (shipping.whatsappValid === false || shipping.number.length < 8) {
        await repository.settleShipping(tx, shipping.id, { status: 'invalid' });
        return { kind: 'skipped' };
      }
      if (await optedOut(tx, companyId, shipping.number, settings.optOutKeywords)) {
        await repository.settleShipping(tx, shipping.id, { status: 'optout' });
        return { kind: 'skipped' };
      }
      let filled: ReturnType<PreparedTemplate['fill']> | null = null;
      if (campaign.templateName) {
        // Read before this transaction (templateOf); a chain that began before a template was chosen stops here.
        if (!template) return { kind: 'stopped' };
        // The values' variables as the variants fill theirs; a contact without a name is called by the number.
        const values = (campaign.templateVariables ?? []).map((value) =>
          fillCampaignVariables(value, { ...shipping, name: shipping.name || shipping.number }, settings.variables),
        );
        try {
          filled = template.fill(values);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // A value left blank for this contact (no e-mail on the list): Meta would refuse it.
          await repository.settleShipping(tx, shipping.id, { status: 'invalid' });
          return { kind: 'skipped' };
        }
      }
      const { contact } = await deps.contacts.findOrCreateByNumber(tx, companyId, {
        number: shipping.number,
        name: shipping.name || shipping.number,
        email: shipping.email,
      });
      const contactId = contact.id;
      await deps.tickets.lockContact(tx, companyId, contactId);
      const whatsappId = connection.id;
      // docs/decisions/campaigns.md: the contact's ticket on that connection if one is not closed,
      // otherwise a closed one that only holds the campaign's message (no attendant's queue fills up).
      const active = await deps.tickets.findActive(tx, companyId, contactId, whatsappId);
      const ticketId =
        active?.id ??
        (await deps.tickets.insert(tx, { companyId, contactId, whatsappId, status: 'closed', isGroup: false })).id;
      const isCloud = connection.provider === 'cloudapi';
      if (filled) {
        const messageId = await deps.messages.stageOutbound(tx, companyId, ticketId, {
          body: filled.text,
          contactId,
          whatsappId,
          userId: null,
          structured: templateContentOf(filled),
        });
        await repository.settleShipping(tx, shipping.id, {
          status: 'sent',
          body: filled.text,
          contactId,
          ticketId,
          messageId,
          sentAt: now,
        });
        await pace(tx, companyId, campaign, settings, isCloud, now);
        return { kind: 'sent', ticketId, messageIds: [messageId] };
      }
      const variants = campaignVariants(campaign);
      const variant = Math.min(variants.length - 1, Math.floor(deps.random() * variants.length));
      const body = fillCampaignVariables(variants[variant], shipping, settings.variables);
      // The campaign's own file carries the text as its caption.
      const media = campaign.mediaPath
        ? {
            path: campaign.mediaPath,
            name: campaign.mediaName ?? 'file',
            mimetype: mimetypeOf(campaign.mediaName ?? campaign.mediaPath, null),
          }
        : null;
      const messageId = await deps.messages.stageOutbound(tx, companyId, ticketId, {
        body,
        contactId,
        whatsappId,
        userId: null,
        media,
      });
      // docs/decisions/campaigns.md: the file list's files follow the text, each its own message.
      const messageIds = [messageId];
      if (campaign.fileListId) {
        for (const file of await deps.filesOf(tx, companyId, campaign.fileListId)) {
          if (!file.path) continue;
          messageIds.push(
            await deps.messages.stageOutbound(tx, companyId, ticketId, {
              body: '',
              contactId,
              whatsappId,
              userId: null,
              media: { path: file.path, name: file.name, mimetype: file.mimetype ?? 'application/octet-stream' },
            }),
          );
        }
      }
      const variantNumber = [
        campaign.message1,
        campaign.message2,
        campaign.message3,
        campaign.message4,
        campaign.message5,
      ].indexOf(variants[variant]);
      await repository.settleShipping(tx, shipping.id, {
        status: 'sent',
        variant: variantNumber + 1,
        body,
        contactId,
        ticketId,
        messageId,
        sentAt: now,
      });
      await pace(tx, companyId, campaign, settings, isCloud, now);
      return { kind: 'sent', ticketId, messageIds };
    });
  }

  /**
   * When the next message may go. docs/cloud-api.md: a Cloud API number goes at Meta's throughput
   * (a share of its 80 messages a second, `cloudRatePerSecond`), its rate limits retried by the
   * outbound path; the anti-ban intervals are for numbers paired by QR code.
   */
  async function pace(
    tx: Database,
    companyId: number,
    campaign: { id: number; sentCount: number },
    settings: Parameters<typeof campaignDelayAfter>[1],
    isCloud: boolean,
    now: Date,
  ) {
    const sentCount = campaign.sentCount + 1;
    const delayMs = isCloud ? 1000 / deps.cloudRatePerSecond : campaignDelayAfter(sentCount, settings) * 1000;
    await repository.update(companyId, campaign.id, { sentCount, nextSendAt: new Date(now.getTime() + delayMs) }, tx);
  }

  /** One job of the chain: claims until it must wait, then queues its successor. Answers its last step. */
  async function runJob(payload: CampaignDispatchPayload): Promise<Step> {
    const { companyId, campaignId, token } = payload;
    let result: Step = { kind: 'skipped' };
    const template = await templateOf(companyId, campaignId);
    if (template === 'cancelled') {
      await deps.onProgress(companyId, campaignId, true);
      return { kind: 'stopped' };
    }
    for (let sends = 0; sends < SENDS_PER_JOB; ) {
      // Lets waiting requests in between claims (PGlite is one connection).
      await nextTurn();
      result = await step(companyId, campaignId, token, template);
      if (result.kind === 'sent') {
        sends++;
        await deps.messages.publish(companyId, result.ticketId, result.messageIds).catch((error) => {
          // Stored: the messages module retries it; the campaign goes on.
          log.warn({ err: error, campaignId }, 'campaign message not sent yet');
        });
        await deps.onProgress(companyId, campaignId, false);
        continue;
      }
      if (result.kind === 'skipped') {
        sends++;
        continue;
      }
      if (result.kind === 'wait' && result.ms <= WAIT_IN_JOB_MS) {
        await sleep(result.ms);
        continue;
      }
      if (result.kind === 'wait') await queueNext(payload, result.ms);
      if (result.kind === 'paused') await queueNext(payload, PAUSED_RECHECK_MS);
      if (result.kind === 'done') await deps.onProgress(companyId, campaignId, true);
      return result;
    }
    await queueNext(payload, 0);
    return result;
  }

  /**
   * Start-up and every minute: programmed campaigns that came due start; a running campaign whose
   * chain is lost (a crash, a job gone) gets a new one. At start-up every running campaign does.
   */
  async function sweep(atStartUp: boolean) {
    const now = deps.clock().getTime();
    for (const campaign of await repository.active()) {
      try {
        if (campaign.status === 'PROGRAMADA' && campaign.scheduledAt && campaign.scheduledAt.getTime() <= now) {
          await start(campaign.companyId, campaign.id);
        } else if (campaign.status === 'EM_ANDAMENTO') {
          const stalled = now - Math.max(campaign.nextSendAt?.getTime() ?? 0, campaign.updatedAt.getTime()) > 120_000;
          if (atStartUp || stalled) await resume(campaign.companyId, campaign.id);
        }
      } catch (error) {
        log.error({ err: error, campaignId: campaign.id }, 'campaign sweep failed for one campaign');
      }
    }
  }

  /** A programmed campaign: starts now when its time has come, else a job starts it then. */
  async function scheduleStart(companyId: number, campaignId: number, at: Date) {
    const delay = at.getTime() - deps.clock().getTime();
    if (delay <= 0) await start(companyId, campaignId);
    else
      await deps.jobs.send(
        campaignStartJob,
        { companyId, campaignId },
        { startAfterSeconds: delay / 1000, retryLimit: 5 },
      );
  }

  return { start, scheduleStart, resume, runJob, sweep };
}

export type CampaignDispatch = ReturnType<typeof createCampaignDispatch>;
