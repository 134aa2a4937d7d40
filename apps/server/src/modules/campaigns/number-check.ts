import type { ContactListItemRecord } from '@wacrm/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import { whatsapps } from '../../tables.ts';
import type { ChannelSession } from '../channels/index.ts';
import { type NumberCheckPayload, numberCheckJob } from './campaigns.jobs.ts';
import type { ContactListsRepository } from './contact-lists.repository.ts';

/** Numbers asked per round, and the pause between rounds: at most 20 a second per list. */
const CHECKS_PER_ROUND = 20;
const ROUND_PAUSE_SECONDS = 1;

/**
 * The WhatsApp-valid mark of list items, asked in the background through a connected session of
 * the company (its default first) whose provider can tell. Without one the items stay unchecked
 * (shown as such) until the next import or edit asks again.
 */
export function createNumberCheck(deps: {
  db: Database;
  lists: ContactListsRepository;
  sessions: () => { connectedSession(whatsappId: number): ChannelSession | null };
  jobs: JobSender;
  onChecked: (companyId: number, contactListId: number, record: ContactListItemRecord) => void;
  log: FastifyBaseLogger;
}) {
  async function checker(companyId: number) {
    const connected = await deps.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.status, 'CONNECTED')))
      .orderBy(desc(whatsapps.isDefault), whatsapps.id);
    for (const { id } of connected) {
      const session = deps.sessions().connectedSession(id);
      if (session?.isOnWhatsApp) return session.isOnWhatsApp.bind(session);
    }
    return null;
  }

  /** The next round, `delaySeconds` from now. */
  async function queueRound(payload: NumberCheckPayload, delaySeconds: number) {
    await deps.jobs.send(numberCheckJob, payload, { startAfterSeconds: delaySeconds });
  }

  async function run(payload: NumberCheckPayload) {
    const { companyId, contactListId } = payload;
    const isOnWhatsApp = await checker(companyId);
    if (!isOnWhatsApp) return;
    const batch = await deps.lists.unchecked(companyId, contactListId, CHECKS_PER_ROUND);
    for (const item of batch) {
      let valid: boolean;
      try {
        valid = await isOnWhatsApp(item.number);
      } catch (error) {
        deps.log.warn({ err: error, contactListId }, 'WhatsApp number check failed; tried again later');
        await queueRound(payload, 30);
        return;
      }
      const row = await deps.lists.updateItem(companyId, item.id, { isWhatsappValid: valid });
      if (row) {
        deps.onChecked(companyId, contactListId, {
          id: row.id,
          name: row.name,
          number: row.number,
          email: row.email,
          isWhatsappValid: row.isWhatsappValid,
          companyId: row.companyId,
          contactListId: row.contactListId,
        });
      }
    }
    if (batch.length === CHECKS_PER_ROUND) await queueRound(payload, ROUND_PAUSE_SECONDS);
  }

  return {
    run,
    request: (companyId: number, contactListId: number) => queueRound({ companyId, contactListId }, 0),
  };
}
