import type { ContactListItemRecord } from '@wacrm/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { whatsapps } from '../../platform/db/schema.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import type { ChannelSession } from '../channels/index.ts';
import type { ContactListsRepository } from './contact-lists.repository.ts';

/** Numbers asked per round, and the pause between rounds: at most 20 a second per list. */
const CHECKS_PER_ROUND = 20;
const ROUND_PAUSE_SECONDS = 1;

export const numberCheckPayload = z.object({
  companyId: z.number().int().positive(),
  contactListId: z.number().int().positive(),
});
type Payload = z.infer<typeof numberCheckPayload>;

/**
 * The WhatsApp-valid mark of list items, asked in the background through a connected session of
 * the company (its default first) whose provider can tell. Without one the items stay unchecked
 * (shown as such) until the next import or edit asks again.
 */
export function createNumberCheck(deps: {
  db: Database;
  lists: ContactListsRepository;
  sessions: () => { connectedSession(whatsappId: number): ChannelSession | null };
  enqueue: () => (payload: Payload, delaySeconds: number) => Promise<void>;
  onChecked: (companyId: number, contactListId: number, record: ContactListItemRecord) => Promise<void>;
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

  async function run(payload: Payload) {
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
        await deps.enqueue()(payload, 30);
        return;
      }
      const row = await deps.lists.updateItem(companyId, item.id, { isWhatsappValid: valid });
      if (row) {
        await deps.onChecked(companyId, contactListId, {
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
    if (batch.length === CHECKS_PER_ROUND) await deps.enqueue()(payload, ROUND_PAUSE_SECONDS);
  }

  return {
    run,
    request: (companyId: number, contactListId: number) => deps.enqueue()({ companyId, contactListId }, 0),
  };
}

export function createNumberCheckJob(handler: (payload: Payload) => Promise<void>) {
  return defineJob({
    name: 'campaigns.check-numbers',
    payload: numberCheckPayload,
    handler,
  });
}
