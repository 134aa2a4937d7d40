import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { baileysKeys } from '../../tables.ts';
import { syncedContacts } from './channels.tables.ts';

export function createChannelsRepository(db: Database) {
  return {
    /**
     * Every provider keeps its pairing in baileys_keys under the connection id; the contacts the
     * paired phone synced go with it (the next pairing may be another phone).
     */
    async forgetPairing(whatsappId: number) {
      await db.delete(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
      await db.delete(syncedContacts).where(eq(syncedContacts.whatsappId, whatsappId));
    },
  };
}
