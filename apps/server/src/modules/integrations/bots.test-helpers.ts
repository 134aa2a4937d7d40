import type { SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { pairedSandbox } from '../../../test/channels.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { queues, ticketNotes, tickets } from '../../tables.ts';

let seq = 0;

/** A company with every bot flag, an admin, one queue and a paired sandbox made by `connection`. */
export async function botCompany(t: TestServer) {
  const plan = await buildPlan(t.db, { useOpenAi: true, useIntegrations: true });
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const [queue] = await t.db
    .insert(queues)
    .values({ companyId: company.id, name: `Humans ${++seq}`, color: `#1${String(seq).padStart(5, '0')}` })
    .returning();
  const api = t.as(token);
  return {
    company,
    queue,
    token,
    api,
    connection: (fields: Record<string, unknown>) => pairedSandbox(t, token, fields),
    /** The customer writes (text or a file). */
    say: async (
      whatsappId: number,
      from: string,
      body: string,
      media?: { filename: string; mimetype: string; base64: string },
    ) => {
      const answer = await api.post(`/api/sandbox/${whatsappId}/inbound`, {
        from,
        body,
        media,
        id: `IN-${++seq}-${from}`,
      });
      if (answer.status !== 200) throw new Error(`inbound refused: ${JSON.stringify(answer.body)}`);
    },
    outbox: async (whatsappId: number, to: string) =>
      ((await api.get(`/api/sandbox/${whatsappId}/outbox?to=${to}`)).body as SandboxOutboxEntry[]).map(
        (entry) => entry.body,
      ),
    ticketOf: async (whatsappId: number) => {
      const [row] = await t.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, company.id), eq(tickets.whatsappId, whatsappId)));
      return row ?? null;
    },
    ticketsOf: (whatsappId: number) =>
      t.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, company.id), eq(tickets.whatsappId, whatsappId))),
    notesOf: (ticketId: number) => t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId)),
  };
}

/** Waits until the customer received at least `count` messages; answers their texts. */
export function receivedAtLeast(
  outbox: (whatsappId: number, to: string) => Promise<string[]>,
  whatsappId: number,
  to: string,
  count: number,
) {
  return waitUntil(async () => {
    const bodies = await outbox(whatsappId, to);
    return bodies.length >= count ? bodies : null;
  });
}
