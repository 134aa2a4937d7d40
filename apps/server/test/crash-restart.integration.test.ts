import { afterAll, describe, expect, it } from 'vitest';
import { type Cluster, call, createCluster } from './cluster.ts';
import { waitUntil } from './eventually.ts';
import { paced } from './machine-pace.ts';
import { adminCaller, endProcess, pairedSandbox } from './real-process.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const THREE_MINUTES = paced(180_000);

/**
 * The only server process on a PostgreSQL server is killed (SIGKILL) and started again. Its
 * session leases last an hour here, so only recognising them as a gone process's (same host, its
 * pid no longer running) lets the new process take the sessions back and receive at once.
 */
let cluster: Cluster | undefined;
afterAll(async () => {
  await cluster?.close();
});

describe('a crashed single process on a PostgreSQL server', () => {
  it('takes its sessions back at start, not when their lease runs out', { timeout: THREE_MINUTES }, async () => {
    cluster = await createCluster({ SANDBOX_ENABLED: 'true', SESSION_LEASE_SECONDS: '3600' });
    const first = await cluster.start('before-crash', {}, { defaultNodeId: true });
    const connection = await pairedSandbox(await adminCaller(first.url));
    const ownerOf = async () =>
      (await cluster!.db.query('select session_owner from whatsapps where id = $1', [connection.id])).rows[0]
        ?.session_owner as string | null;
    const crashed = (await call(first, 'GET', '/api/health')).body.node as string;
    expect(await ownerOf()).toBe(crashed);
    await endProcess(first.child, 'SIGKILL');

    const second = await cluster.start('after-crash', {}, { defaultNodeId: true });
    const restarted = (await call(second, 'GET', '/api/health')).body.node as string;
    expect(restarted).not.toBe(crashed);
    await waitUntil(async () => (await ownerOf()) === restarted, undefined, 'the new process to hold the session');
    // And it receives: a customer's message is stored through the new process.
    const admin = await adminCaller(second.url);
    const inbound = await admin('POST', `/api/sandbox/${connection.id}/inbound`, {
      from: '5511987650999',
      body: 'still there?',
    });
    expect(inbound.status).toBe(200);
    const tickets = await cluster.db.query('select id from tickets where whatsapp_id = $1', [connection.id]);
    expect(tickets.rows).toHaveLength(1);
  });
});
