import { randomBytes } from 'node:crypto';
import { initAuthCreds, proto } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../../test/database-template.ts';
import { buildCompany } from '../../../../../test/factories.ts';
import type { Database } from '../../../../platform/db/client.ts';
import { baileysKeys, whatsapps } from '../../../../tables.ts';
import { toStoredKeyId, useDatabaseAuthState } from './auth-state.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;

async function buildConnection(name = `conn-${Math.random().toString(36).slice(2)}`) {
  const company = await buildCompany(db);
  const [row] = await db.insert(whatsapps).values({ companyId: company.id, name }).returning();
  return row;
}

async function rowsOf(whatsappId: number) {
  return db.select().from(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
});

afterAll(async () => {
  await handle?.dispose();
});

describe('database auth state', () => {
  it('starts a new connection with fresh creds and stores nothing until asked', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    expect(auth.state.creds.registered).toBe(false);
    expect(auth.state.creds.me).toBeUndefined();
    expect(Buffer.isBuffer(auth.state.creds.noiseKey.private)).toBe(true);
    expect(await rowsOf(connection.id)).toHaveLength(0);
  });

  it('saves creds as one row and a restart (or another node) resumes them, binary keys intact', async () => {
    const connection = await buildConnection();
    const first = await useDatabaseAuthState(db, connection.id);
    Object.assign(first.state.creds, { me: { id: '5511999990000:7@s.whatsapp.net', name: 'Shop' } });
    await first.saveCreds();

    const rows = await rowsOf(connection.id);
    expect(rows.map((row) => [row.category, row.keyId])).toEqual([['creds', 'creds']]);
    // Serialised with Baileys' BufferJSON: buffers are tagged, not numeric arrays.
    expect(rows[0].value).toContain('"type":"Buffer"');

    const resumed = await useDatabaseAuthState(db, connection.id);
    expect(resumed.state.creds.me?.id).toBe('5511999990000:7@s.whatsapp.net');
    expect(Buffer.isBuffer(resumed.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.compare(resumed.state.creds.noiseKey.private, first.state.creds.noiseKey.private)).toBe(0);
    expect(
      Buffer.compare(resumed.state.creds.signedIdentityKey.public, first.state.creds.signedIdentityKey.public),
    ).toBe(0);
    expect(resumed.state.creds.registrationId).toBe(first.state.creds.registrationId);
    expect(resumed.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  it('keeps the latest creds when saves overlap', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    const saves: Promise<void>[] = [];
    for (let n = 1; n <= 5; n++) {
      Object.assign(auth.state.creds, { nextPreKeyId: n });
      saves.push(auth.saveCreds());
    }
    await Promise.all(saves);
    expect((await useDatabaseAuthState(db, connection.id)).state.creds.nextPreKeyId).toBe(5);
  });

  it('stores signal keys one row per key and round-trips binary values', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    const preKey = { public: randomBytes(32), private: randomBytes(32) };
    const session = new Uint8Array(randomBytes(120));
    const senderKey = randomBytes(64);
    const appStateKey = { keyData: randomBytes(32), timestamp: 1_700_000_000 };
    await auth.state.keys.set({
      'pre-key': { '1': preKey, '2': { public: randomBytes(32), private: randomBytes(32) } },
      session: { '5511999990000.0': session },
      'sender-key': { '120363000000000000@g.us::5511988887777::0': senderKey },
      'app-state-sync-key': { AAAAAFzZ: appStateKey },
      'lid-mapping': { '5511999990000': '123456789012345' },
    });

    const rows = await rowsOf(connection.id);
    expect(rows.map((row) => `${row.category}/${row.keyId}`).sort()).toEqual([
      'app-state-sync-key/AAAAAFzZ',
      'lid-mapping/5511999990000',
      'pre-key/1',
      'pre-key/2',
      'sender-key/120363000000000000@g.us::5511988887777::0',
      'session/5511999990000.0',
    ]);

    // Read through a second instance: nothing comes from memory.
    const other = await useDatabaseAuthState(db, connection.id);
    const preKeys = await other.state.keys.get('pre-key', ['1', '3']);
    expect(Object.keys(preKeys)).toEqual(['1']);
    expect(Buffer.compare(Buffer.from(preKeys['1'].private), preKey.private)).toBe(0);
    expect(Buffer.compare(Buffer.from(preKeys['1'].public), preKey.public)).toBe(0);

    const sessions = await other.state.keys.get('session', ['5511999990000.0']);
    expect(Buffer.compare(Buffer.from(sessions['5511999990000.0']), Buffer.from(session))).toBe(0);

    const senderKeys = await other.state.keys.get('sender-key', ['120363000000000000@g.us::5511988887777::0']);
    expect(Buffer.compare(Buffer.from(senderKeys['120363000000000000@g.us::5511988887777::0']), senderKey)).toBe(0);

    const appStateKeys = await other.state.keys.get('app-state-sync-key', ['AAAAAFzZ']);
    expect(appStateKeys.AAAAAFzZ).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.compare(Buffer.from(appStateKeys.AAAAAFzZ.keyData!), appStateKey.keyData)).toBe(0);

    expect(await other.state.keys.get('lid-mapping', ['5511999990000'])).toEqual({
      '5511999990000': '123456789012345',
    });
    expect(await other.state.keys.get('session', [])).toEqual({});
  });

  it('deletes keys set to null and overwrites keys set again, in one batch', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    await auth.state.keys.set({ 'pre-key': { '1': { public: randomBytes(32), private: randomBytes(32) } } });
    await auth.state.keys.set({ 'pre-key': { '2': { public: randomBytes(32), private: randomBytes(32) } } });
    const replaced = { public: randomBytes(32), private: randomBytes(32) };
    await auth.state.keys.set({ 'pre-key': { '1': null, '2': replaced } });

    const found = await auth.state.keys.get('pre-key', ['1', '2']);
    expect(Object.keys(found)).toEqual(['2']);
    expect(Buffer.compare(Buffer.from(found['2'].public), replaced.public)).toBe(0);
    expect(await rowsOf(connection.id)).toHaveLength(1);
  });

  it('writes a first pairing’s ~800 pre-keys in one call', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    const preKeys: Record<string, { public: Buffer; private: Buffer }> = {};
    for (let id = 1; id <= 812; id++) preKeys[id] = { public: randomBytes(32), private: randomBytes(32) };
    await auth.state.keys.set({ 'pre-key': preKeys });
    expect(await rowsOf(connection.id)).toHaveLength(812);
    const some = await auth.state.keys.get('pre-key', ['1', '500', '812']);
    expect(Object.keys(some).sort()).toEqual(['1', '500', '812']);
  });

  it('hashes key ids longer than the column allows, transparently', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    const longId = `${'120363000000000000@g.us::'.repeat(10)}0`;
    expect(longId.length).toBeGreaterThan(200);
    await auth.state.keys.set({ 'sender-key': { [longId]: randomBytes(16) } });
    const [row] = await rowsOf(connection.id);
    expect(row.keyId).toBe(toStoredKeyId(longId));
    expect(row.keyId.length).toBeLessThanOrEqual(200);
    expect(Object.keys(await auth.state.keys.get('sender-key', [longId]))).toEqual([longId]);
  });

  it('clear forgets one connection’s pairing only and resets the creds in memory', async () => {
    const connection = await buildConnection();
    const neighbour = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    const neighbourAuth = await useDatabaseAuthState(db, neighbour.id);
    Object.assign(auth.state.creds, { me: { id: '5511999990000:7@s.whatsapp.net' } });
    await auth.saveCreds();
    await auth.state.keys.set({ session: { a: new Uint8Array([1, 2, 3]) } });
    await neighbourAuth.saveCreds();
    await neighbourAuth.state.keys.set({ session: { a: new Uint8Array([4, 5, 6]) } });
    const oldRegistrationId = auth.state.creds.registrationId;

    await auth.clear();

    expect(await rowsOf(connection.id)).toHaveLength(0);
    expect(auth.state.creds.me).toBeUndefined();
    expect(auth.state.creds.registrationId).not.toBe(oldRegistrationId);
    expect(await rowsOf(neighbour.id)).toHaveLength(2);
    const [neighbourSession] = await db
      .select()
      .from(baileysKeys)
      .where(and(eq(baileysKeys.whatsappId, neighbour.id), eq(baileysKeys.category, 'session')));
    expect(neighbourSession.keyId).toBe('a');
    // And a fresh start after clearing asks for a new QR (unregistered creds).
    expect((await useDatabaseAuthState(db, connection.id)).state.creds.me).toBeUndefined();
  });

  it('rows go away with their connection', async () => {
    const connection = await buildConnection();
    const auth = await useDatabaseAuthState(db, connection.id);
    await auth.saveCreds();
    await db.delete(whatsapps).where(eq(whatsapps.id, connection.id));
    expect(await rowsOf(connection.id)).toHaveLength(0);
    expect(initAuthCreds().registered).toBe(false);
  });
});
