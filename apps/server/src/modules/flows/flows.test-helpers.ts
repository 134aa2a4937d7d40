import type { SandboxOutboxEntry } from '@wacrm/shared';
import { pairedSandbox } from '../../../test/channels.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { company } from '../automation/automation.test-helpers.ts';

// Builders for flows in the editor's stored shape, and a company with a quiet sandbox connection
// (no queues, no greeting) so that only the flow speaks.

type Api = ReturnType<TestServer['as']>;

let seq = 0;
export function node(type: string, data: Record<string, unknown> = {}, id = `n${++seq}`) {
  return { id, type, position: { x: seq * 10, y: 0 }, data };
}
export const start = () => node('start', { label: 'Inicio do fluxo' }, '1');
export function edge(source: { id: string }, target: { id: string }, sourceHandle: string | null = null) {
  return { id: `e${++seq}`, source: source.id, target: target.id, sourceHandle };
}

export async function flowCompany(t: TestServer) {
  const ctx = await company(t);
  const connection = await pairedSandbox(t, ctx.token);
  return { ...ctx, connection };
}

/** Creates a flow, saves its graph and a phrase campaign on the connection; answers the flow id. */
export async function savedFlow(
  api: Api,
  connectionId: number,
  phrase: string,
  nodes: unknown[],
  connections: unknown[],
) {
  const flow = (await api.post('/api/flowbuilder', { name: `Flow ${++seq}` })).body as { id: number };
  const saved = await api.post('/api/flowbuilder/flow', { idFlow: flow.id, nodes, connections });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const campaign = await api.post('/api/flowcampaign', {
    name: `Trigger ${seq}`,
    flowId: flow.id,
    whatsappId: connectionId,
    phrase,
  });
  if (campaign.status !== 201) throw new Error(JSON.stringify(campaign.body));
  return flow.id;
}

/** Everything the company sent a number through a connection, text and media. */
export async function outbox(api: Api, connectionId: number, number: string) {
  return (await api.get(`/api/sandbox/${connectionId}/outbox?to=${number}`)).body as SandboxOutboxEntry[];
}

/** Minimal files whose first bytes make them what they say. */
export const sampleFiles = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
  ogg: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(64)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
};

/** Uploads a file through the editor's route (multipart `medias`); answers the stored name. */
export async function upload(t: TestServer, token: string, route: string, data: Buffer, filename: string) {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('body', filename);
  form.append('medias', new Blob([new Uint8Array(data)]), filename);
  const response = await fetch(`${t.url}/api/flowbuilder/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { name: string; error?: string } };
}
