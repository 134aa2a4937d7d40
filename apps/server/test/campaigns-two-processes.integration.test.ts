import type { CampaignRecord, CampaignReport, ConnectionRecord, ContactListRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterNode, call, createCluster, redisUrl } from './cluster.ts';
import { waitUntil } from './eventually.ts';
import { paced } from './machine-pace.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const THREE_MINUTES = paced(180_000);
const FIVE_MINUTES = paced(300_000);

/**
 * A campaign on two server processes (issue 15): both run the dispatch jobs, and cancels and
 * restarts land on either one, even at the same moment on both. Every contact is messaged once:
 * the shipping record is claimed under the campaign row's lock whichever process claims it.
 */
const CONTACTS = 300;

let cluster: Cluster;
let a: ClusterNode;
let b: ClusterNode;
let token: string;
let whatsappId: number;

beforeAll(async () => {
  cluster = await createCluster({ REDIS_URL: redisUrl });
  a = await cluster.start('node-a');
  b = await cluster.start('node-b');
  token = (await call(a, 'POST', '/api/auth/login', { body: { email: 'admin@admin.com', password: '123456' } })).body
    .token;
  const created = await call(a, 'POST', '/api/whatsapp', { token, body: { name: 'Campaigns', provider: 'sandbox' } });
  whatsappId = created.body.id;
  const status = async () =>
    ((await call(b, 'GET', `/api/whatsapp/${whatsappId}`, { token })).body as ConnectionRecord).status;
  await waitUntil(async () => (await status()) === 'qrcode', 20_000, 'a QR code');
  await call(b, 'POST', `/api/sandbox/${whatsappId}/scan`, { token });
  await waitUntil(async () => (await status()) === 'CONNECTED', 20_000, 'connected');
}, THREE_MINUTES);

afterAll(async () => {
  await cluster?.close();
});

describe('a campaign on two processes', () => {
  it('messages each of 300 contacts once through cancels and racing restarts on both processes', {
    timeout: FIVE_MINUTES,
  }, async () => {
    await call(a, 'POST', '/api/campaign-settings', {
      token,
      body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } },
    });
    const list = (await call(a, 'POST', '/api/contact-lists', { token, body: { name: 'Two processes' } }))
      .body as ContactListRecord;
    const rows = Array.from({ length: CONTACTS }, (_, i) => ({
      name: `C ${i}`,
      number: `5511930${String(i).padStart(6, '0')}`,
    }));
    expect((await call(b, 'POST', `/api/contact-lists/${list.id}/upload`, { token, body: { rows } })).status).toBe(200);
    const campaign = (
      await call(b, 'POST', '/api/campaigns', {
        token,
        body: {
          name: 'Both',
          whatsappId,
          contactListId: list.id,
          message1: 'Oi {{name}}',
          scheduledAt: new Date().toISOString(),
        },
      })
    ).body as CampaignRecord;
    const report = async () =>
      (await call(a, 'GET', `/api/campaigns/${campaign.id}/report`, { token })).body as CampaignReport;
    const reach = (sent: number) =>
      waitUntil(
        async () => {
          const current = await report();
          return current.sent >= sent ? current : null;
        },
        90_000,
        `${sent} sent`,
      );

    // Cancelled through A, restarted through B.
    await reach(40);
    expect((await call(a, 'POST', `/api/campaigns/${campaign.id}/cancel`, { token })).status).toBe(200);
    expect((await call(b, 'POST', `/api/campaigns/${campaign.id}/restart`, { token })).status).toBe(200);

    // Cancelled again, then restarted through both at once: one chain wins, the other stops.
    await reach(120);
    expect((await call(b, 'POST', `/api/campaigns/${campaign.id}/cancel`, { token })).status).toBe(200);
    const restarts = await Promise.all(
      [a, b].map((node) => call(node, 'POST', `/api/campaigns/${campaign.id}/restart`, { token })),
    );
    expect(restarts.map((answer) => answer.status).filter((status) => status === 200).length).toBeGreaterThan(0);

    const done = await waitUntil(
      async () => {
        const current = await report();
        // Finished, and every message handed to WhatsApp (one stored by the process that does not
        // hold the session goes out there a moment later).
        return current.campaign.status === 'FINALIZADA' && current.pending === 0 ? current : null;
      },
      120_000,
      'finished and all handed over',
    );
    expect(done).toMatchObject({ total: CONTACTS, sent: CONTACTS, pending: 0 });

    // What left for WhatsApp: one message per contact, none twice.
    const { rows: sent } = await cluster.db.query<{ number: string; count: number }>(
      `select c.number, count(*)::int as count
         from messages m join contacts c on c.id = m.contact_id
        where m.company_id = 1 and m.from_me and m.body like 'Oi C %'
        group by c.number`,
    );
    expect(sent).toHaveLength(CONTACTS);
    expect(sent.every((row) => row.count === 1)).toBe(true);
    const { rows: shippings } = await cluster.db.query<{ count: number }>(
      `select count(*)::int as count from campaign_shippings where campaign_id = $1 and status = 'sent'`,
      [campaign.id],
    );
    expect(shippings[0].count).toBe(CONTACTS);
  });
});
