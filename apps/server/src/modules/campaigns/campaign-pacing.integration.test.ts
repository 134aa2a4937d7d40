import type { CampaignRecord, ContactListRecord } from '@wacrm/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { campaignDispatchJob } from './campaigns.jobs.ts';
import { campaignShippings, campaigns } from './campaigns.tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

/**
 * The pacing on a clock the test moves: the server's "now" changes only when the test says, so
 * the gaps between the 25 messages are exactly the settings' (5 s, and 20 s after every 10th).
 */
let now = new Date('2030-01-01T12:00:00.000Z');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { clock: () => now });
});
afterAll(async () => {
  await t.close();
});

describe('campaign pacing', () => {
  it('waits messageInterval between messages and greaterInterval after every longerIntervalAfter', {
    timeout: ONE_MINUTE,
  }, async () => {
    const plan = await buildPlan(t.db);
    const company = await buildCompany(t.db, { planId: plan.id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const api = t.as(token);
    const connection = await pairedSandbox(t, token);
    await api.post('/api/campaign-settings', {
      settings: { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 20 },
    });
    const list = (await api.post('/api/contact-lists', { name: 'Paced' })).body as ContactListRecord;
    const rows = Array.from({ length: 25 }, (_, i) => ({
      name: `P ${i}`,
      number: `55119100000${String(i).padStart(2, '0')}`,
    }));
    await api.post(`/api/contact-lists/${list.id}/upload`, { rows });
    const campaign = (
      await api.post('/api/campaigns', {
        name: 'Paced',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oi {{name}}',
        scheduledAt: now.toISOString(),
      })
    ).body as CampaignRecord;

    // Each round: run the chain's job as pg-boss would, then move the clock to the next send time.
    for (let round = 0; round < 100; round++) {
      const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      if (row.status === 'FINALIZADA') break;
      if (row.nextSendAt && row.nextSendAt > now) now = row.nextSendAt;
      if (row.chainToken)
        await t.platform.jobs.runNow(campaignDispatchJob, {
          companyId: company.id,
          campaignId: campaign.id,
          token: row.chainToken,
        });
    }
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row.status).toBe('FINALIZADA');
    const sent = await waitUntil(async () => {
      const records = await t.db
        .select()
        .from(campaignShippings)
        .where(eq(campaignShippings.campaignId, campaign.id))
        .orderBy(asc(campaignShippings.sentAt));
      return records.every((record) => record.sentAt) ? records : null;
    });
    expect(sent).toHaveLength(25);
    const gaps = sent.slice(1).map((record, i) => (record.sentAt!.getTime() - sent[i].sentAt!.getTime()) / 1000);
    const expected = Array.from({ length: 24 }, (_, i) => ((i + 1) % 10 === 0 ? 20 : 5));
    expect(gaps).toEqual(expected);
  });
});
