import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';

/**
 * An inbound message the server could not store after its retries (issue 23): kept, never
 * dropped, with the provider's payload as JSON text, for admins to read and act on.
 */
export interface DeadLetter {
  id: number;
  whatsappId: number | null;
  /** The connection's name, if it still exists. */
  connectionName: string | null;
  externalId: string;
  reason: string;
  payload: string;
  createdAt: string;
}

export const deadLetterIdParamsSchema = z.object({ id: dbIdSchema });
