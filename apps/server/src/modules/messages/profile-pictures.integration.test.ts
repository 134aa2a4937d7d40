import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database-template.ts';
import { buildCompany } from '../../../test/factories.ts';
import type { Database } from '../../platform/db/client.ts';
import { contacts } from '../../tables.ts';
import type { ChannelSession } from '../channels/index.ts';
import { createContactsRepository } from '../contacts/index.ts';
import { createProfilePictures, PROFILE_PICTURE_MAX_AGE_MS } from './profile-pictures.ts';

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  dispose = opened.dispose;
});
afterAll(() => dispose());

const silentLog = { warn: () => undefined } as never;

function fakeSession(answers: (string | null)[]) {
  const calls: string[] = [];
  const session = {
    fetchProfilePicture: async (chatId: string) => {
      calls.push(chatId);
      return answers.shift() ?? null;
    },
  } as unknown as ChannelSession;
  return { session, calls };
}

describe('profile pictures', () => {
  it('asks WhatsApp at most once a day per contact, and announces a new picture', async () => {
    const company = await buildCompany(db);
    const [contact] = await db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Ana', number: '5511988880001' })
      .returning();
    const { session, calls } = fakeSession(['https://pps.example/ana-1.jpg', 'https://pps.example/ana-2.jpg']);
    const announced: number[] = [];
    let clock = Date.parse('2026-11-01T10:00:00Z');
    const target = {
      companyId: company.id,
      whatsappId: 1,
      contactId: contact.id,
      chatId: contact.number,
      isGroup: false,
    };
    const pictures = () =>
      createProfilePictures({
        contacts: createContactsRepository(db),
        connectedSession: () => session,
        onUpdated: async (_companyId, contactId) => {
          announced.push(contactId);
        },
        log: silentLog,
        now: () => clock,
      });

    const first = pictures();
    await first.refreshIfStale(target);
    await first.refreshIfStale(target);
    // Another process (fresh memory) within the day: the database claim stops it.
    clock += 60_000;
    await pictures().refreshIfStale(target);
    expect(calls).toEqual([contact.number]);
    expect(announced).toEqual([contact.id]);
    const [stored] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(stored.profilePicUrl).toBe('https://pps.example/ana-1.jpg');

    // A day later it asks again.
    clock += PROFILE_PICTURE_MAX_AGE_MS;
    await pictures().refreshIfStale(target);
    expect(calls).toHaveLength(2);
    const [updated] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(updated.profilePicUrl).toBe('https://pps.example/ana-2.jpg');
  });

  it('does nothing without a connected session and never throws', async () => {
    const company = await buildCompany(db);
    const [contact] = await db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Bia', number: '5511988880002' })
      .returning();
    const failing = {
      fetchProfilePicture: async () => {
        throw new Error('offline');
      },
    } as unknown as ChannelSession;
    const target = {
      companyId: company.id,
      whatsappId: 1,
      contactId: contact.id,
      chatId: contact.number,
      isGroup: false,
    };
    const none = createProfilePictures({
      contacts: createContactsRepository(db),
      connectedSession: () => null,
      onUpdated: async () => {},
      log: silentLog,
    });
    await none.refreshIfStale(target);
    const broken = createProfilePictures({
      contacts: createContactsRepository(db),
      connectedSession: () => failing,
      onUpdated: async () => {},
      log: silentLog,
    });
    await expect(broken.refreshIfStale(target)).resolves.toBeUndefined();
  });
});
