import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { timestampSchema } from '../common/route-contract.ts';

/**
 * An inbound message the server could not store after its retries (issue 23): kept, never
 * dropped, with the provider's payload as JSON text, for admins to read and act on.
 */
export const deadLetterRecordSchema = z.object({
  id: z.number(),
  whatsappId: z.number().nullable(),
  /** The connection's name, if it still exists. */
  connectionName: z.string().nullable(),
  externalId: z.string(),
  reason: z.string(),
  payload: z.string(),
  createdAt: timestampSchema,
});
export type DeadLetter = z.input<typeof deadLetterRecordSchema>;

export const deadLetterIdParamsSchema = z.object({ id: dbIdSchema });
