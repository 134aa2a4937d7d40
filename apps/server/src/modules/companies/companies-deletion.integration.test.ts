import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import {
  announcements,
  baileysKeys,
  messages,
  passwordResetCodes,
  queues,
  tags,
  tickets,
  ticketTags,
  userQueues,
  users,
  whatsappQueues,
} from '../../tables.ts';
import type { ChannelAdapter } from '../channels/index.ts';
import { sendRetryJob } from '../messages/messages.jobs.ts';

let t: TestServer;
let superToken: string;

/** A stand-in for the Baileys provider: its sessions connect at once and remember how they ended. */
const phone = {
  sessions: new Map<number, { stopped: boolean; loggedOut: boolean }>(),
  adapter: {
    provider: 'baileys',
    async start(connection, events) {
      const ended = { stopped: false, loggedOut: false };
      phone.sessions.set(connection.id, ended);
      await events.onStatus({ status: 'CONNECTED', number: '5511900000000' });
      return {
        send: async () => ({ externalId: 'x' }),
        deleteForEveryone: async () => undefined,
        markRead: async () => undefined,
        fetchProfilePicture: async () => null,
        stop: async () => {
          ended.stopped = true;
        },
        logout: async () => {
          ended.loggedOut = true;
        },
      };
    },
  } satisfies ChannelAdapter,
};

beforeAll(async () => {
  t = await startTestServer({}, { channels: { adapters: [phone.adapter] } });
  superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
});
afterAll(() => t.close());

/** Both drivers (pg, PGlite) answer raw SQL with `{ rows }`. */
async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Rows of a table matching a condition: for link tables, which have no company_id to count by. */
async function countWhere(table: PgTable, where: SQL | undefined) {
  const [result] = await t.db.select({ n: count() }).from(table).where(where);
  return result.n;
}

/** pg-boss jobs (waiting, delayed or done) whose payload names the company. */
async function jobsOf(companyId: number) {
  const [result] = await rows<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where data->>'companyId' = ${String(companyId)}`,
  );
  return result.n;
}

/** Every table of the public schema with a company_id column, read from the catalogue so new tables count too. */
async function rowsLeftOf(companyId: number) {
  const tables = await rows<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id'`);
  const left: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [result] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`,
    );
    left[table] = result.n;
  }
  return left;
}

describe('deleting a company', () => {
  it('removes every row, link, file, live session and queued job of the company, and ends its sessions', async () => {
    const plan = await buildPlan(t.db);
    const created = await t.as(superToken).post('/api/companies', {
      name: 'Doomed Inc',
      email: 'owner@doomed.test',
      planId: plan.id,
      dueDate: '2031-01-01',
      password: 'doomed-pass',
    });
    const companyId: number = created.body.id;
    const agent = await buildUser(t.db, { companyId });
    const session = await t.login('owner@doomed.test', 'doomed-pass');
    const ownerToken = session.token;
    await t.login(agent.email, TEST_PASSWORD);
    const userIds = [session.user.id, agent.id];

    const queueList = await t.db
      .insert(queues)
      .values([
        { companyId, name: 'Sales', color: '#ff0000' },
        { companyId, name: 'Support', color: '#00ff00' },
      ])
      .returning();
    const queueIds = queueList.map((queue) => queue.id);
    await t.db.insert(userQueues).values({ userId: agent.id, queueId: queueIds[0] });

    // Two live sessions with queues: a paired sandbox number and a (stand-in) Baileys one.
    const greetingMessage = 'Olá! Escolha um setor.';
    const sandbox = await pairedSandbox(t, ownerToken, { queueIds, greetingMessage });
    const baileys = await t
      .as(ownerToken)
      .post('/api/whatsapp', { name: 'Phone', provider: 'baileys', queueIds, greetingMessage });
    expect(baileys.status).toBe(201);
    const connectionIds = [sandbox.id, baileys.body.id as number];
    await waitUntil(async () => phone.sessions.get(connectionIds[1]), undefined, 'the Baileys session');
    await t.db
      .insert(baileysKeys)
      .values({ whatsappId: connectionIds[1], category: 'creds', keyId: 'me', value: '{}' });

    // A customer writes with a picture: contact, ticket, message and a stored file.
    const inbound = await t.as(ownerToken).post(`/api/sandbox/${sandbox.id}/inbound`, {
      from: '5511988887777',
      name: 'Cliente',
      body: 'olha a foto',
      media: { filename: 'photo.png', mimetype: 'image/png', base64: Buffer.from('png bytes').toString('base64') },
    });
    expect(inbound.status).toBe(200);
    const stored = await waitUntil(
      async () => {
        const mediaOf = and(eq(messages.companyId, companyId), isNotNull(messages.mediaPath));
        const [message] = await t.db.select().from(messages).where(mediaOf);
        return message;
      },
      undefined,
      'the stored media message',
    );
    const mediaFile = path.join(t.config.publicDir, stored.mediaPath!);
    expect(existsSync(mediaFile)).toBe(true);
    const [tag] = await t.db.insert(tags).values({ companyId, name: 'VIP' }).returning();
    await t.db.insert(ticketTags).values({ ticketId: stored.ticketId, tagId: tag.id });
    await t.db
      .insert(passwordResetCodes)
      .values({ userId: agent.id, codeHash: 'hash', expiresAt: new Date(Date.now() + 60_000) });
    await t.db.insert(announcements).values({ companyId, title: 'Hi', text: 'Hello' });
    const extraFile = await t.server.platform.storage.save(companyId, { extension: 'png', data: Buffer.from('img') });
    const companyFolder = path.join(t.config.publicDir, `company-${companyId}`);
    expect(existsSync(path.join(t.config.publicDir, extraFile))).toBe(true);

    // Work queued for later: the company's job must go, another company's must stay.
    const later = { startAfterSeconds: 3_600 };
    await t.platform.jobs.send(sendRetryJob, { companyId, messageId: stored.id, attempt: 0 }, later);
    const keep = await buildCompany(t.db);
    await t.platform.jobs.send(sendRetryJob, { companyId: keep.id, messageId: 1, attempt: 0 }, later);
    // The retry, and billing's planned invoice job of the company's due date.
    expect(await jobsOf(companyId)).toBe(2);

    const socket = t.connectSocket(ownerToken);
    await waitFor(socket, 'connect');
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    const before = await rowsLeftOf(companyId);
    expect(before).toMatchObject({ users: 2, auth_sessions: 2, whatsapps: 2, queues: 2, tags: 1 });
    for (const table of ['contacts', 'tickets', 'messages'] as const) expect(before[table]).toBeGreaterThan(0);
    const ticketIds = (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, companyId))).map(
      (row) => row.id,
    );
    const links = () =>
      Promise.all([
        countWhere(ticketTags, inArray(ticketTags.ticketId, ticketIds)),
        countWhere(whatsappQueues, inArray(whatsappQueues.whatsappId, connectionIds)),
        countWhere(baileysKeys, inArray(baileysKeys.whatsappId, connectionIds)),
        countWhere(passwordResetCodes, inArray(passwordResetCodes.userId, userIds)),
        countWhere(userQueues, or(inArray(userQueues.userId, userIds), inArray(userQueues.queueId, queueIds))),
      ]);
    // (The sandbox keeps its pairing in baileys_keys too.)
    for (const n of await links()) expect(n).toBeGreaterThan(0);

    const response = await t.as(superToken).delete(`/api/companies/${companyId}`);
    expect(response.status).toBe(204);

    const after = await rowsLeftOf(companyId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(Object.keys(before).length);
    expect(await links()).toEqual([0, 0, 0, 0, 0]);
    expect(await t.db.select().from(users).where(sql`${users.id} = ${agent.id}`)).toEqual([]);
    expect(existsSync(mediaFile)).toBe(false);
    expect(existsSync(companyFolder)).toBe(false);

    // The live session was ended for good (the phone logged out), as deleting the connection does.
    expect(phone.sessions.get(connectionIds[1])).toMatchObject({ loggedOut: true });
    expect(await jobsOf(companyId)).toBe(0);
    expect(await jobsOf(keep.id)).toBe(1);

    await disconnected;
    const me = await t.as(ownerToken).get('/api/auth/me');
    expect(me.status).toBe(403);
    const refresh = await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(refresh.status).toBe(401);
  });

  it('leaves other companies untouched', async () => {
    const keep = await buildCompany(t.db);
    const keeper = await buildUser(t.db, { companyId: keep.id });
    const doomed = await buildCompany(t.db);
    await t.as(superToken).delete(`/api/companies/${doomed.id}`);
    expect((await rowsLeftOf(keep.id)).users).toBe(1);
    expect((await t.login(keeper.email, TEST_PASSWORD)).user.companyId).toBe(keep.id);
  });

  it("refuses to delete company 1, the platform's own, or any company holding a super user", async () => {
    const platform = await t.as(superToken).delete('/api/companies/1');
    expect(platform.status).toBe(403);
    expect(platform.body.error).toBe('ERR_COMPANY_PROTECTED');

    const withSuper = await buildCompany(t.db);
    await buildUser(t.db, { companyId: withSuper.id, isSuper: true, profile: 'admin' });
    const refused = await t.as(superToken).delete(`/api/companies/${withSuper.id}`);
    expect(refused.body.error).toBe('ERR_COMPANY_PROTECTED');
    expect((await t.as(superToken).get('/api/companies/1')).status).toBe(200);
  });
});
