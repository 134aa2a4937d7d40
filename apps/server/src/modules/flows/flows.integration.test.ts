import { FLOW_MAX_NODES } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { customer } from '../automation/automation.test-helpers.ts';
import { edge, flowCompany, node, outbox, sampleFiles, savedFlow, start, upload } from './flows.test-helpers.ts';

// The /flowbuilder and /flowcampaign calls: CRUD, save validation and limits, export/import,
// admins only, and another company's ids answering 404 on every route.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ SANDBOX_ENABLED: 'true' });
});
afterAll(() => t.close());

type Issue = { nodeId?: string; connectionId?: string; field?: string; code: string };

describe('flow builder API', () => {
  it('creates, lists with search, renames, toggles, duplicates and deletes flows', async () => {
    const { api } = await flowCompany(t);
    const created = await api.post('/api/flowbuilder', { name: 'Boas-vindas' });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: number };
    await api.post('/api/flowbuilder', { name: 'Outro' });
    expect((await api.post('/api/flowbuilder', { name: 'x' })).status).toBe(400);
    const found = (await api.get('/api/flowbuilder?searchParam=boas')).body as {
      flows: { id: number }[];
      hasMore: boolean;
    };
    expect(found.flows.map((flow) => flow.id)).toEqual([id]);
    expect((await api.put('/api/flowbuilder', { flowId: id, name: 'Welcome', active: false })).body).toMatchObject({
      name: 'Welcome',
      active: false,
    });
    expect((await api.get(`/api/flowbuilder/flow/${id}`)).body).toMatchObject({ flow: { id, flow: null } });
    const s = start();
    const m = node('message', { label: 'hi' });
    expect(
      (await api.post('/api/flowbuilder/flow', { idFlow: id, nodes: [s, m], connections: [edge(s, m)] })).status,
    ).toBe(200);
    const copy = await api.post('/api/flowbuilder/duplicate', { flowId: id });
    expect(copy.status).toBe(201);
    const copied = (await api.get(`/api/flowbuilder/flow/${(copy.body as { id: number }).id}`)).body as {
      flow: { flow: { nodes: unknown[] } };
    };
    expect(copied.flow.flow.nodes).toHaveLength(2);
    expect(copy.body).toMatchObject({ name: expect.stringMatching(/ \(copy\)$/) });
    // The web names the copy in the user's language.
    const named = await api.post('/api/flowbuilder/duplicate', { flowId: id, name: 'Atendimento (cópia)' });
    expect(named.body).toMatchObject({ name: 'Atendimento (cópia)' });
    expect((await api.post('/api/flowbuilder/duplicate', { flowId: id, name: 'x' })).status).toBe(400);
    expect((await api.delete(`/api/flowbuilder/${id}`)).status).toBe(204);
    expect((await api.get(`/api/flowbuilder/flow/${id}`)).status).toBe(404);
  });

  it('answers field-level errors naming the node; unreachable nodes are warnings', async () => {
    const { api } = await flowCompany(t);
    const { id } = (await api.post('/api/flowbuilder', { name: 'Checked' })).body as { id: number };
    const save = (nodes: unknown[], connections: unknown[]) =>
      api.post('/api/flowbuilder/flow', { idFlow: id, nodes, connections });
    const s = start();
    const wait = node('interval', { sec: 5 });
    const menu = node('menu', {
      message: 'Pick',
      arrayOption: [
        { number: 1, value: 'A' },
        { number: 2, value: 'B' },
      ],
    });
    const cond = node('condition', { key: 'nobodyAsked', condition: 'equals', value: 'x' });
    const end = node('message', { label: 'end' });
    const bad = await save(
      [s, wait, menu, cond, end],
      [
        edge(s, wait),
        edge(wait, menu),
        edge(menu, end, 'a1'),
        edge(cond, end, 'true'),
        edge(cond, end, 'false'),
        edge(end, { id: 'ghost' }),
      ],
    );
    expect(bad.status).toBe(400);
    const body = bad.body as { error: string; fields: Record<string, string>; details: { errors: Issue[] } };
    expect(body.error).toBe('ERR_FLOW_INVALID');
    const codes = body.details.errors.map((issue) => [issue.code, issue.nodeId ?? issue.connectionId]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['menuOptionWithoutBranch', menu.id],
        ['unknownVariable', cond.id],
        ['unknownNode', expect.any(String)],
      ]),
    );
    expect(body.fields[`nodes.${cond.id}.key`]).toBeDefined();

    // Malformed node data: 400 naming the node and field.
    const broken = node('interval', { sec: 500 });
    const malformed = await save([s, broken], [edge(s, broken)]);
    expect(malformed.status).toBe(400);
    expect((malformed.body as { details: { errors: Issue[] } }).details.errors[0]).toMatchObject({
      nodeId: broken.id,
      field: 'sec',
    });

    // An OpenAI node's settings are checked like any node's (the runtime: flow-bots.integration.test.ts).
    const bot = node('openai', { name: 'gpt' });
    const refused = await save([s, bot], [edge(s, bot)]);
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string; fields: Record<string, string> }).fields).toMatchObject({
      [`nodes.${bot.id}.typebotIntegration`]: 'Required',
    });

    const lonely = node('message', { label: 'nobody comes here' });
    const m = node('message', { label: 'hi' });
    const ok = await save([s, m, lonely], [edge(s, m)]);
    expect(ok.status).toBe(200);
    expect((ok.body as { warnings: Issue[] }).warnings).toEqual([
      expect.objectContaining({ nodeId: lonely.id, code: 'unreachable' }),
    ]);
  });

  it('refuses flows past the limits with a clear error', async () => {
    const { api } = await flowCompany(t);
    const { id } = (await api.post('/api/flowbuilder', { name: 'Huge' })).body as { id: number };
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: `n${i}`,
      type: 'message',
      position: { x: 0, y: 0 },
      data: { label: 'x' },
    }));
    const tooMany = await api.post('/api/flowbuilder/flow', { idFlow: id, nodes: many, connections: [] });
    expect(many.length).toBeGreaterThan(FLOW_MAX_NODES);
    expect(tooMany.status).toBe(413);
    expect((tooMany.body as { error: string }).error).toBe('ERR_FLOW_TOO_LARGE');
    const huge = [start(), node('message', { label: 'y'.repeat(4000) })];
    for (let i = 0; i < 400; i += 1) huge.push(node('message', { label: 'z'.repeat(4000) }));
    const tooBig = await api.post('/api/flowbuilder/flow', { idFlow: id, nodes: huge, connections: [] });
    expect(tooBig.status).toBe(413);
  });

  it('an export imported again is the same flow: every edge keeps its source handle, and it still runs', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const hello = node('message', { label: 'Oi!' });
    const pause = node('interval', { sec: 1 });
    const menu = node('menu', {
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'Pedidos' },
        { number: 2, value: 'Outros' },
      ],
    });
    const orders = node('message', { label: 'Pedidos' });
    const split = node('randomizer', { percent: 100 });
    const other = node('message', { label: 'Outros' });
    // As the editor sends them: its single-output nodes name their one handle `a`.
    const connections = [
      edge(s, hello, 'a'),
      edge(hello, pause, 'a'),
      edge(pause, menu, 'a'),
      edge(menu, orders, 'a1'),
      edge(menu, split, 'a2'),
      edge(split, other, 'a'),
      edge(split, orders, 'b'),
    ];
    const flowId = await savedFlow(
      ctx.api,
      ctx.connection.id,
      'roundtrip',
      [s, hello, pause, menu, orders, split, other],
      connections,
    );
    const shapeOf = (list: { source: string; sourceHandle?: string | null; target: string }[]) =>
      list.map((connection) => `${connection.source}:${connection.sourceHandle ?? ''}>${connection.target}`).sort();
    const file = (await ctx.api.get(`/api/flowbuilder/${flowId}/export`)).body as {
      nodes: unknown[];
      connections: { source: string; sourceHandle?: string | null; target: string }[];
    };
    expect(shapeOf(file.connections)).toEqual(shapeOf(connections));

    const imported = await ctx.api.post('/api/flowbuilder/import', file);
    expect(imported.status).toBe(201);
    const copyId = (imported.body as { flow: { id: number } }).flow.id;
    const again = (await ctx.api.get(`/api/flowbuilder/${copyId}/export`)).body as typeof file;
    expect(shapeOf(again.connections)).toEqual(shapeOf(connections));
    expect(again.nodes).toEqual(file.nodes);

    // The named single handles route as before.
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('roundtrip');
    await waitUntil(async () => (await outbox(ctx.api, ctx.connection.id, me.number)).length >= 2);
    await me.say('2');
    await waitUntil(async () => (await outbox(ctx.api, ctx.connection.id, me.number)).length >= 3);
    expect((await outbox(ctx.api, ctx.connection.id, me.number)).map((entry) => entry.body)).toEqual([
      'Oi!',
      expect.stringContaining('Escolha'),
      'Outros',
    ]);
  });

  it('exports a flow with its media and imports it into another company (media copied)', async () => {
    const one = await flowCompany(t);
    const img = await upload(t, one.token, 'img', sampleFiles.png, 'photo.png');
    const s = start();
    const hello = node('message', { label: 'Hello' });
    const picture = node('img', { url: img.body.name });
    const flowId = await savedFlow(
      one.api,
      one.connection.id,
      'pic',
      [s, hello, picture],
      [edge(s, hello), edge(hello, picture)],
    );
    const exported = await one.api.get(`/api/flowbuilder/${flowId}/export`);
    expect(exported.status).toBe(200);
    const file = exported.body as { media: { path: string }[]; nodes: unknown[] };
    expect(file.media.map((item) => item.path)).toEqual([img.body.name]);

    const two = await flowCompany(t);
    const imported = await two.api.post('/api/flowbuilder/import', file);
    expect(imported.status).toBe(201);
    const newId = (imported.body as { flow: { id: number } }).flow.id;
    const content = (await two.api.get(`/api/flowbuilder/flow/${newId}`)).body as {
      flow: { flow: { nodes: { type: string; data: { url?: string } }[] } };
    };
    const copiedUrl = content.flow.flow.nodes.find((n) => n.type === 'img')?.data.url;
    expect(copiedUrl).toMatch(new RegExp(`^company-${two.company.id}/`));
    // Round trip: exporting the copy gives the same graph apart from the media path.
    const again = (await two.api.get(`/api/flowbuilder/${newId}/export`)).body as typeof file;
    expect(JSON.stringify(again.nodes).replace(copiedUrl!, img.body.name)).toEqual(JSON.stringify(file.nodes));

    // The copy runs in the other company, media included.
    await two.api.post('/api/flowcampaign', {
      name: 'go',
      flowId: newId,
      whatsappId: two.connection.id,
      phrase: 'pic',
    });
    const me = customer(two.api, two.connection.id);
    await me.say('pic');
    const sent = await outbox(two.api, two.connection.id, me.number);
    expect(sent.map((entry) => entry.media?.mimetype ?? entry.body)).toEqual(['Hello', 'image/png']);

    // Saving a path of another company's media answers 404.
    const stolen = node('img', { url: copiedUrl });
    const refused = await one.api.post('/api/flowbuilder/flow', {
      idFlow: flowId,
      nodes: [s, stolen],
      connections: [edge(s, stolen)],
    });
    expect(refused.status).toBe(404);
  });

  it('flow campaigns: CRUD, and delete needs contacts-page:deleteContact', async () => {
    const { api, connection } = await flowCompany(t);
    const { id: flowId } = (await api.post('/api/flowbuilder', { name: 'Promo' })).body as { id: number };
    expect((await api.post('/api/flowcampaign', { name: 'x', flowId, phrase: '' })).status).toBe(400);
    const created = await api.post('/api/flowcampaign', {
      name: 'Promo',
      flowId,
      whatsappId: connection.id,
      phrase: 'Promoção',
    });
    expect(created.status).toBe(201);
    const campaign = created.body as { id: number };
    expect((await api.get(`/api/flowcampaign/${campaign.id}`)).body).toMatchObject({
      name: 'Promo',
      phrase: 'Promoção',
      status: true,
    });
    const updated = await api.put('/api/flowcampaign', {
      id: campaign.id,
      name: 'Promo 2',
      flowId,
      whatsappId: connection.id,
      phrase: 'x',
      status: false,
    });
    expect(updated.body).toMatchObject({ name: 'Promo 2', status: false });
    expect(((await api.get('/api/flowcampaign')).body as { flows: unknown[] }).flows).toHaveLength(1);
    expect((await api.delete(`/api/flowcampaign/${campaign.id}`)).status).toBe(204);
  });

  it("another company's flows, campaigns, connections and media answer 404 on every route; attendants 403", async () => {
    const mine = await flowCompany(t);
    const other = await flowCompany(t);
    const { id: otherFlow } = (await other.api.post('/api/flowbuilder', { name: 'Theirs' })).body as { id: number };
    const otherCampaign = (
      await other.api.post('/api/flowcampaign', {
        name: 'c',
        flowId: otherFlow,
        whatsappId: other.connection.id,
        phrase: 'p',
      })
    ).body as { id: number };
    const { id: myFlow } = (await mine.api.post('/api/flowbuilder', { name: 'Mine' })).body as { id: number };
    const s = start();
    const m = node('message', { label: 'x' });
    const api = mine.api;
    const answers = [
      await api.put('/api/flowbuilder', { flowId: otherFlow, name: 'stolen' }),
      await api.delete(`/api/flowbuilder/${otherFlow}`),
      await api.post('/api/flowbuilder/duplicate', { flowId: otherFlow }),
      await api.get(`/api/flowbuilder/flow/${otherFlow}`),
      await api.post('/api/flowbuilder/flow', { idFlow: otherFlow, nodes: [s, m], connections: [edge(s, m)] }),
      await api.get(`/api/flowbuilder/${otherFlow}/export`),
      await api.get(`/api/flowcampaign/${otherCampaign.id}`),
      await api.put('/api/flowcampaign', {
        id: otherCampaign.id,
        name: 'x',
        flowId: myFlow,
        phrase: 'p',
        status: true,
      }),
      await api.delete(`/api/flowcampaign/${otherCampaign.id}`),
      await api.post('/api/flowcampaign', { name: 'x', flowId: otherFlow, phrase: 'p' }),
      await api.post('/api/flowcampaign', { name: 'x', flowId: myFlow, whatsappId: other.connection.id, phrase: 'p' }),
      await api.post(`/api/flowbuilder/${otherFlow}/test`, { whatsappId: mine.connection.id, number: '5511999990000' }),
      await api.post(`/api/flowbuilder/${myFlow}/test`, { whatsappId: other.connection.id, number: '5511999990000' }),
      await api.post(`/api/flowbuilder/${otherFlow}/test/end`, {
        whatsappId: mine.connection.id,
        number: '5511999990000',
      }),
      await api.post(`/api/flowbuilder/${myFlow}/test/end`, {
        whatsappId: other.connection.id,
        number: '5511999990000',
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(404));
    expect(((await api.get('/api/flowbuilder')).body as { flows: { id: number }[] }).flows.map((f) => f.id)).toEqual([
      myFlow,
    ]);
    expect(((await api.get('/api/flowcampaign')).body as { flows: unknown[] }).flows).toEqual([]);

    const attendant = await buildUser(t.db, { companyId: mine.company.id, profile: 'user' });
    const user = t.as((await t.login(attendant.email, TEST_PASSWORD)).token);
    const refused = [
      await user.get('/api/flowbuilder'),
      await user.post('/api/flowbuilder', { name: 'no' }),
      await user.get(`/api/flowbuilder/flow/${myFlow}`),
      await user.post('/api/flowbuilder/flow', { idFlow: myFlow, nodes: [], connections: [] }),
      await user.get('/api/flowcampaign'),
      await user.delete(`/api/flowcampaign/${otherCampaign.id}`),
      await user.post('/api/flowbuilder/import', {}),
      await user.post(`/api/flowbuilder/${myFlow}/test/end`, {
        whatsappId: mine.connection.id,
        number: '5511999990000',
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(Array(refused.length).fill(403));
  });
});
