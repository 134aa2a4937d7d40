import type { SlaPolicyRecord } from '@wacrm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { milestone, waitUntil } from '../../../test/eventually.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { queryRows } from '../../platform/db/client.ts';
import { slaPolicyClaims } from '../../tables.ts';
import { company, queue } from '../automation/automation.test-helpers.ts';
import { createSlaRepository } from './sla.repository.ts';

// Which tickets a policy covers (docs/decisions/service-levels.md, "No doubt left"): a queue may be
// in several policies as long as no two claim the same (queue or none, priority or none), and the
// database's unique constraint holds that even for saves at the same instant. Runs on both
// databases: each driver raises the constraint's error its own way.

let t: TestServer;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function companyWithQueue() {
  const ctx = await company(t);
  const support = await queue(ctx.api, { name: `Support ${++seq}` });
  const create = (fields: Record<string, unknown>) =>
    ctx.api.post('/api/sla-policies', { firstResponseSeconds: 600, ...fields });
  return { ...ctx, support, create };
}

const answer = (response: { status: number; body: { error?: string } }) => [response.status, response.body.error];

describe('one queue in several policies', () => {
  it('takes "urgent" and "others" for the same queue, and refuses what another policy claims', async () => {
    const ctx = await companyWithQueue();
    const urgent = await ctx.create({ name: 'Support, urgent', queueIds: [ctx.support.id], priorities: ['urgent'] });
    expect(urgent.status, JSON.stringify(urgent.body)).toBe(201);
    const others = await ctx.create({ name: 'Support, others', queueIds: [ctx.support.id] });
    expect(others.status, JSON.stringify(others.body)).toBe(201);
    expect(others.body).toMatchObject({ queueIds: [ctx.support.id], priorities: [] });
    const high = await ctx.create({ name: 'Support, high', queueIds: [ctx.support.id], priorities: ['high'] });
    expect(high.status).toBe(201);
    expect((await ctx.create({ name: 'Urgent anywhere', priorities: ['urgent'] })).status).toBe(201);
    expect((await ctx.create({ name: 'Default' })).status).toBe(201);

    const clash = await ctx.create({ name: 'Clash', queueIds: [ctx.support.id], priorities: ['low', 'urgent'] });
    expect(answer(clash)).toEqual([409, 'ERR_SLA_PRIORITY_TAKEN']);
    expect(clash.body.fields).toEqual({ priorities: expect.any(String) });
    expect(clash.body.details).toMatchObject({
      policy: 'Support, urgent',
      taken: [{ queueId: ctx.support.id, priority: 'urgent' }],
    });
    const queueOnly = await ctx.create({ name: 'Support again', queueIds: [ctx.support.id] });
    expect(answer(queueOnly)).toEqual([409, 'ERR_SLA_QUEUE_TAKEN']);
    expect(queueOnly.body.fields).toEqual({ queueIds: expect.any(String) });
    expect(answer(await ctx.create({ name: 'Urgent again', priorities: ['urgent'] }))).toEqual([
      409,
      'ERR_SLA_PRIORITY_TAKEN',
    ]);
    expect(answer(await ctx.create({ name: 'Default again' }))).toEqual([409, 'ERR_SLA_DEFAULT_TAKEN']);

    // An edit may keep its own claims, not take another's.
    const edited = await ctx.api.put(`/api/sla-policies/${high.body.id}`, {
      name: 'Support, high and low',
      queueIds: [ctx.support.id],
      priorities: ['high', 'low'],
      firstResponseSeconds: 900,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const grab = await ctx.api.put(`/api/sla-policies/${high.body.id}`, {
      name: 'Support, high and urgent',
      queueIds: [ctx.support.id],
      priorities: ['high', 'urgent'],
      firstResponseSeconds: 900,
    });
    expect(answer(grab)).toEqual([409, 'ERR_SLA_PRIORITY_TAKEN']);
    // A refused save changed nothing.
    const list = (await ctx.api.get('/api/sla-policies')).body as SlaPolicyRecord[];
    expect(list.find((policy) => policy.id === high.body.id)?.priorities).toEqual(['high', 'low']);

    // A deleted policy frees its claims.
    expect((await ctx.api.delete(`/api/sla-policies/${urgent.body.id}`)).status).toBe(204);
    expect(
      (await ctx.create({ name: 'Support, urgent 2', queueIds: [ctx.support.id], priorities: ['urgent'] })).status,
    ).toBe(201);
  });

  it('keeps one claim row per pair, and another company claims the same ones freely', async () => {
    const ctx = await companyWithQueue();
    const sales = await queue(ctx.api, { name: `Sales ${++seq}` });
    const both = await ctx.create({
      name: 'Both, fast',
      queueIds: [ctx.support.id, sales.id],
      priorities: ['high', 'urgent'],
    });
    expect(both.status).toBe(201);
    expect(both.body).toMatchObject({ queueIds: [ctx.support.id, sales.id].sort((a, b) => a - b) });
    const claims = await t.db.select().from(slaPolicyClaims).where(eq(slaPolicyClaims.policyId, both.body.id));
    expect(claims).toHaveLength(4);

    const other = await company(t);
    expect((await other.api.post('/api/sla-policies', { name: 'Default', firstResponseSeconds: 60 })).status).toBe(201);
    expect((await ctx.create({ name: 'Default' })).status).toBe(201);
  });
});

describe('a deleted queue', () => {
  it('leaves a policy that named only it covering no ticket, not every queue', async () => {
    const ctx = await companyWithQueue();
    const gone = await queue(ctx.api, { name: `Gone ${++seq}` });
    const orphan = await ctx.create({ name: 'Gone, urgent', queueIds: [gone.id], priorities: ['urgent'] });
    const kept = await ctx.create({ name: 'Support', queueIds: [ctx.support.id] });
    expect([orphan.status, kept.status]).toEqual([201, 201]);
    expect((await ctx.api.delete(`/api/queue/${gone.id}`)).status).toBeLessThan(300);

    const listed = (await ctx.api.get('/api/sla-policies')).body as SlaPolicyRecord[];
    expect(listed.map(({ name, queueIds }) => ({ name, queueIds }))).toEqual([
      { name: 'Gone, urgent', queueIds: [] },
      { name: 'Support', queueIds: [ctx.support.id] },
    ]);
    // What tickets are matched against: without its claims it would read as "urgent, any queue".
    const covering = await createSlaRepository(t.db).policies(ctx.company.id, { coveringOnly: true });
    expect(covering.map((policy) => policy.name)).toEqual(['Support']);
    // Urgent tickets of any queue are then for a policy saying so, the only one that matches them.
    expect((await ctx.create({ name: 'Urgent anywhere', priorities: ['urgent'] })).status).toBe(201);
  });
});

describe('saves at the same instant', () => {
  it('answers one 201 and one 409 for two conflicting creates, never two policies or a 500', async () => {
    const ctx = await companyWithQueue();
    const cases = [
      { queueIds: [ctx.support.id], priorities: ['urgent'], code: 'ERR_SLA_PRIORITY_TAKEN' },
      { queueIds: [ctx.support.id], priorities: [], code: 'ERR_SLA_QUEUE_TAKEN' },
      { queueIds: [], priorities: ['high'], code: 'ERR_SLA_PRIORITY_TAKEN' },
      { queueIds: [], priorities: [], code: 'ERR_SLA_DEFAULT_TAKEN' },
    ];
    for (const { queueIds, priorities, code } of cases) {
      const responses = await Promise.all(
        ['First', 'Second'].map((name) => ctx.create({ name: `${name} ${code}`, queueIds, priorities })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect({ code, statuses }).toEqual({ code, statuses: [201, 409] });
      expect(responses.find((response) => response.status === 409)?.body.error).toBe(code);
    }
    const policies = (await ctx.api.get('/api/sla-policies')).body as SlaPolicyRecord[];
    expect(policies).toHaveLength(cases.length);
  });

  it('refuses with a 409 a save that passed its check while another held the same claim uncommitted', async () => {
    const ctx = await companyWithQueue();
    const inserted = milestone();
    const released = milestone();
    // Another admin's save, its claim written but not committed: the check below cannot see it.
    const holding = t.db.transaction(async (tx) => {
      await createSlaRepository(tx).insertPolicy(ctx.company.id, {
        name: 'Held',
        queueIds: [ctx.support.id],
        priorities: ['urgent'],
        firstResponseSeconds: 600,
        resolutionSeconds: null,
        businessHours: false,
      });
      inserted.reach();
      await released.reached;
    });
    await inserted.reached;
    const racing = ctx.create({ name: 'Racing', queueIds: [ctx.support.id], priorities: ['urgent'] });
    if (t.database.kind === 'postgres') {
      // The racing save has passed its check and waits on the constraint for the held row.
      await waitUntil(async () => {
        const waiting = await queryRows(
          t.db,
          sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%sla_policy_claims%'`,
        );
        return waiting.length > 0;
      });
    }
    released.reach();
    await holding;
    const response = await racing;
    expect(answer(response)).toEqual([409, 'ERR_SLA_PRIORITY_TAKEN']);
    expect(response.body.details).toMatchObject({ policy: 'Held' });
    const policies = (await ctx.api.get('/api/sla-policies')).body as SlaPolicyRecord[];
    expect(policies.map((policy) => policy.name)).toEqual(['Held']);
  });
});
