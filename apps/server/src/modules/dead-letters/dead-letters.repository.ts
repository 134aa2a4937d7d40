import type { DeadLetter } from '@wacrm/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { whatsapps } from '../../tables.ts';
import { inboundDeadLetters } from './dead-letters.tables.ts';

/** The newest first; the screen shows the latest few hundred. */
const LIST_LIMIT = 200;

export function createDeadLettersRepository(db: Database) {
  return {
    async insert(row: { companyId: number; whatsappId: number; externalId: string; reason: string; payload: string }) {
      await db.insert(inboundDeadLetters).values(row);
    },

    async list(companyId: number): Promise<DeadLetter[]> {
      const rows = await db
        .select({
          id: inboundDeadLetters.id,
          whatsappId: inboundDeadLetters.whatsappId,
          connectionName: whatsapps.name,
          externalId: inboundDeadLetters.externalId,
          reason: inboundDeadLetters.reason,
          payload: inboundDeadLetters.payload,
          createdAt: inboundDeadLetters.createdAt,
        })
        .from(inboundDeadLetters)
        .leftJoin(whatsapps, eq(whatsapps.id, inboundDeadLetters.whatsappId))
        .where(eq(inboundDeadLetters.companyId, companyId))
        .orderBy(desc(inboundDeadLetters.id))
        .limit(LIST_LIMIT);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    async remove(companyId: number, id: number) {
      const removed = await db
        .delete(inboundDeadLetters)
        .where(and(eq(inboundDeadLetters.companyId, companyId), eq(inboundDeadLetters.id, id)))
        .returning({ id: inboundDeadLetters.id });
      return removed.length > 0;
    },
  };
}

export type DeadLettersRepository = ReturnType<typeof createDeadLettersRepository>;
