import type { ConnectionRecord } from '@wacrm/shared';
import { waitUntil } from './eventually.ts';
import type { TestServer } from './test-server.ts';

export { waitUntil };

export async function connectionStatus(t: TestServer, token: string, id: number) {
  const response = await t.as(token).get(`/api/whatsapp/${id}`);
  return response.body as ConnectionRecord;
}

/** Creates a sandbox connection through the API and pairs it: answers it CONNECTED. */
export async function pairedSandbox(t: TestServer, token: string, fields: Record<string, unknown> = {}) {
  const created = await t
    .as(token)
    .post('/api/whatsapp', { name: `Sandbox ${Date.now()}-${Math.random()}`, provider: 'sandbox', ...fields });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const id = (created.body as ConnectionRecord).id;
  await waitUntil(async () => (await connectionStatus(t, token, id)).status === 'qrcode', undefined, 'qrcode');
  const scan = await t.as(token).post(`/api/sandbox/${id}/scan`);
  if (scan.status !== 200) throw new Error(`scan failed: ${JSON.stringify(scan.body)}`);
  return waitUntil(async () => {
    const connection = await connectionStatus(t, token, id);
    return connection.status === 'CONNECTED' ? connection : null;
  });
}
