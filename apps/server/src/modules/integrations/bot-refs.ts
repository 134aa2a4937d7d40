import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { prompts, queueIntegrations } from './integrations.tables.ts';

/**
 * The prompt and integration a connection or queue picks must be the company's: another
 * company's id answers 404 like any other foreign id, naming the field.
 */
export async function assertBotRefs(
  db: Database,
  companyId: number,
  fields: { promptId?: number | null; integrationId?: number | null },
) {
  if (fields.promptId) {
    const [row] = await db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, fields.promptId)));
    if (!row) throw new AppError('ERR_NOT_FOUND', { fields: { promptId: 'ERR_NOT_FOUND' } });
  }
  if (fields.integrationId) {
    const [row] = await db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, fields.integrationId)));
    if (!row) throw new AppError('ERR_NOT_FOUND', { fields: { integrationId: 'ERR_NOT_FOUND' } });
  }
}
