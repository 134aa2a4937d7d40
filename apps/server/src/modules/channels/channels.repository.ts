import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { baileysKeys } from '../../platform/db/schema.ts';

export function createChannelsRepository(db: Database) {
  return {
    /** Every provider keeps its pairing in baileys_keys under the connection id. */
    async forgetPairing(whatsappId: number) {
      await db.delete(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
    },
  };
}
