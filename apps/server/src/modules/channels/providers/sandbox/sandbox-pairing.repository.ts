import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../../platform/db/client.ts';
import { baileysKeys } from '../../../../tables.ts';

/**
 * The sandbox keeps its pairing where real providers keep their keys: one row in baileys_keys
 * (category `sandbox`, key `pairing`) per connection, so a restart stays CONNECTED and deleting
 * the connection forgets it.
 */
const CATEGORY = 'sandbox';
const KEY = 'pairing';

export interface SandboxPairing {
  number: string;
  pairedAt: string;
}

export function createSandboxPairingRepository(db: Database) {
  const where = (whatsappId: number) =>
    and(eq(baileysKeys.whatsappId, whatsappId), eq(baileysKeys.category, CATEGORY), eq(baileysKeys.keyId, KEY));
  return {
    async find(whatsappId: number): Promise<SandboxPairing | null> {
      const [row] = await db.select({ value: baileysKeys.value }).from(baileysKeys).where(where(whatsappId));
      return row ? (JSON.parse(row.value) as SandboxPairing) : null;
    },
    async save(whatsappId: number, pairing: SandboxPairing) {
      const value = JSON.stringify(pairing);
      await db
        .insert(baileysKeys)
        .values({ whatsappId, category: CATEGORY, keyId: KEY, value })
        .onConflictDoUpdate({
          target: [baileysKeys.whatsappId, baileysKeys.category, baileysKeys.keyId],
          set: { value, updatedAt: new Date() },
        });
    },
    async remove(whatsappId: number) {
      await db.delete(baileysKeys).where(where(whatsappId));
    },
  };
}

export type SandboxPairingRepository = ReturnType<typeof createSandboxPairingRepository>;
