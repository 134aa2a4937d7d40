import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { CampaignRecord, CampaignReport, ContactListRecord, SandboxOutboxEntry } from '@wacrm/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { paced } from '../../../test/machine-pace.ts';
import {
  adminCaller,
  endProcess,
  freePort,
  migratedDataDir,
  pairedSandbox,
  startMainProcess,
} from '../../../test/real-process.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FIVE_MINUTES = paced(300_000);

/**
 * The real entry point on an embedded database, killed (SIGKILL, no shutdown at all) in the middle
 * of a 300-contact campaign and started again: it finishes with 300 messages, none twice, none skipped.
 */
const dataDir = await migratedDataDir('wacrm-campaigns-restart-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startMain(port: number) {
  const child = await startMainProcess(port, dataDir, { SANDBOX_ENABLED: 'true' });
  children.push(child);
  return child;
}

describe('campaigns across a hard kill', () => {
  it('a campaign killed mid-way finishes after the restart: 300 messages, one per contact', {
    timeout: FIVE_MINUTES,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startMain(port);
    const call = await adminCaller(base);

    const connection = await pairedSandbox(call);
    await call('POST', '/api/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
    });
    const list = (await call('POST', '/api/contact-lists', { name: 'Three hundred' })).body as ContactListRecord;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      name: `C ${i}`,
      number: `5511920${String(i).padStart(6, '0')}`,
    }));
    expect((await call('POST', `/api/contact-lists/${list.id}/upload`, { rows })).status).toBe(200);
    const campaign = (
      await call('POST', '/api/campaigns', {
        name: 'Crash',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Oi {{name}}',
        scheduledAt: new Date().toISOString(),
      })
    ).body as CampaignRecord;
    const report = async () => (await call('GET', `/api/campaigns/${campaign.id}/report`)).body as CampaignReport;
    const before = await waitUntil(
      async () => {
        const current = await report();
        return current.sent >= 20 ? current : null;
      },
      60_000,
      'some sent',
    );
    await endProcess(first, 'SIGKILL');
    // Killed in the middle, not after the end.
    expect(before.sent).toBeLessThan(300);

    const second = await startMain(port);
    try {
      const done = await waitUntil(
        async () => {
          const current = await report();
          // Finished, and every message handed to WhatsApp (one the killed process stored goes out
          // when the connection is back).
          return current.campaign.status === 'FINALIZADA' && current.pending === 0 ? current : null;
        },
        120_000,
        'finished and all handed over',
      );
      expect(done).toMatchObject({ total: 300, sent: 300, pending: 0 });
      const outbox = await waitUntil(
        async () => {
          const entries = (await call('GET', `/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
          return entries.length >= 300 ? entries : null;
        },
        60_000,
        '300 deliveries',
      );
      expect(outbox).toHaveLength(300);
      expect(new Set(outbox.map((entry) => entry.to)).size).toBe(300);
    } finally {
      await endProcess(second, 'SIGKILL');
    }
  });
});
