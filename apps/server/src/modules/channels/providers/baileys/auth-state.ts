import { createHash } from 'node:crypto';
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../../platform/db/client.ts';
import { baileysKeys } from '../../../../tables.ts';

/**
 * Baileys' multi-device auth state kept in `baileys_keys`, one row per key: the creds as one row
 * (category `creds`), each signal key (pre-keys, sessions, sender keys, app-state keys…) as its
 * own row. Nothing is kept in memory beyond the creds object Baileys itself mutates, so another
 * process opening the same connection resumes from the database without a new QR.
 */

const CREDS_CATEGORY = 'creds';
const CREDS_KEY = 'creds';
/** `key_id` is varchar(200); longer ids (rare: sender keys of long group/participant ids) are hashed. */
const MAX_KEY_ID = 200;
/** Rows per insert statement: a first pairing uploads ~800 pre-keys at once. */
const INSERT_CHUNK = 500;

export interface DatabaseAuthState {
  state: AuthenticationState;
  /** Writes the current creds (Baileys mutates `state.creds` in place before `creds.update`). */
  saveCreds(): Promise<void>;
  /** Forgets the pairing: every row of this connection. */
  clear(): Promise<void>;
}

export function toStoredKeyId(id: string) {
  return id.length <= MAX_KEY_ID ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

const serialize = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const deserialize = (text: string) => JSON.parse(text, BufferJSON.reviver);

export async function useDatabaseAuthState(db: Database, whatsappId: number): Promise<DatabaseAuthState> {
  const [row] = await db
    .select({ value: baileysKeys.value })
    .from(baileysKeys)
    .where(
      and(
        eq(baileysKeys.whatsappId, whatsappId),
        eq(baileysKeys.category, CREDS_CATEGORY),
        eq(baileysKeys.keyId, CREDS_KEY),
      ),
    );
  const creds: AuthenticationCreds = row ? deserialize(row.value) : initAuthCreds();

  // Saves are chained so an older snapshot of the creds never lands after a newer one.
  let credsWrite: Promise<void> = Promise.resolve();

  const state: AuthenticationState = {
    creds,
    keys: {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const result: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return result;
        const byStoredId = new Map(ids.map((id) => [toStoredKeyId(id), id]));
        const rows = await db
          .select({ keyId: baileysKeys.keyId, value: baileysKeys.value })
          .from(baileysKeys)
          .where(
            and(
              eq(baileysKeys.whatsappId, whatsappId),
              eq(baileysKeys.category, type),
              inArray(baileysKeys.keyId, [...byStoredId.keys()]),
            ),
          );
        for (const found of rows) {
          const id = byStoredId.get(found.keyId);
          if (id === undefined) continue;
          let value = deserialize(found.value);
          // Baileys expects a protobuf object here, not the plain JSON it was saved from.
          if (type === 'app-state-sync-key') value = proto.Message.AppStateSyncKeyData.fromObject(value);
          result[id] = value;
        }
        return result;
      },

      /** One transaction for the whole batch; a null value deletes the key. */
      async set(data: SignalDataSet) {
        const upserts: (typeof baileysKeys.$inferInsert)[] = [];
        const deletes = new Map<string, string[]>();
        const now = new Date();
        for (const [category, entries] of Object.entries(data)) {
          for (const [id, value] of Object.entries(entries ?? {})) {
            const keyId = toStoredKeyId(id);
            if (value === null || value === undefined) {
              deletes.set(category, [...(deletes.get(category) ?? []), keyId]);
            } else {
              upserts.push({ whatsappId, category, keyId, value: serialize(value), updatedAt: now });
            }
          }
        }
        if (upserts.length === 0 && deletes.size === 0) return;
        await db.transaction(async (tx) => {
          for (const [category, keyIds] of deletes) {
            await tx
              .delete(baileysKeys)
              .where(
                and(
                  eq(baileysKeys.whatsappId, whatsappId),
                  eq(baileysKeys.category, category),
                  inArray(baileysKeys.keyId, keyIds),
                ),
              );
          }
          for (let start = 0; start < upserts.length; start += INSERT_CHUNK) {
            await upsertRows(tx as unknown as Database, upserts.slice(start, start + INSERT_CHUNK));
          }
        });
      },

      async clear() {
        await db.delete(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
      },
    },
  };

  return {
    state,
    saveCreds() {
      const snapshot = serialize(state.creds);
      credsWrite = credsWrite
        .catch(() => undefined)
        .then(() =>
          upsertRows(db, [
            { whatsappId, category: CREDS_CATEGORY, keyId: CREDS_KEY, value: snapshot, updatedAt: new Date() },
          ]),
        );
      return credsWrite;
    },
    async clear() {
      await credsWrite.catch(() => undefined);
      await db.delete(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
      // A later start in this process must not reuse the forgotten identity (`me`, `account`…).
      const fresh = initAuthCreds();
      for (const key of Object.keys(state.creds)) delete (state.creds as unknown as Record<string, unknown>)[key];
      Object.assign(state.creds, fresh);
    },
  };
}

async function upsertRows(db: Database, rows: (typeof baileysKeys.$inferInsert)[]) {
  // The same key twice in one statement would make ON CONFLICT fail: keep the last value.
  const unique = new Map(rows.map((row) => [`${row.category}\u0000${row.keyId}`, row]));
  await db
    .insert(baileysKeys)
    .values([...unique.values()])
    .onConflictDoUpdate({
      target: [baileysKeys.whatsappId, baileysKeys.category, baileysKeys.keyId],
      set: { value: sqlExcluded('value'), updatedAt: sqlExcluded('updated_at') },
    });
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}
