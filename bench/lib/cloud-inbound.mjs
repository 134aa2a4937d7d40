// Inbound messages through the Cloud API webhook (issue 47): Meta's notifications, each signed with
// the app secret as Meta signs them (X-Hub-Signature-256, HMAC-SHA256 of the raw body), posted to a
// connection's webhook back to back. The webhook answers 200 only once everything in the
// notification is stored (docs/cloud-api.md), so each 200 is a message stored.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { cpuSeconds, freePort } from './server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fake Graph API of the server's tests (`apps/server/test/fake-graph-api.ts`), run on its own
 * through tsx: the server checks a Cloud API connection's credentials against it.
 */
export async function startFakeGraph(root) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fake-graph-api.ts'], {
    cwd: root,
    env: { ...process.env, FAKE_GRAPH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Fake Graph API on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`fake Graph API did not start:\n${output}`);
    await sleep(100);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    version: /WHATSAPP_GRAPH_VERSION=(\S+)/.exec(output)?.[1] ?? 'v23.0',
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A Cloud API connection of the admin's company, registered at the fake Meta and CONNECTED. */
export async function createCloudConnection({ base, adminToken, graph }) {
  const number = {
    phoneNumberId: '900000001',
    wabaId: '900000002',
    displayPhoneNumber: '+55 11 4000-9001',
    verifiedName: 'Bench',
  };
  const accessToken = `EAAG-bench-${randomBytes(6).toString('hex')}`;
  const appSecret = `bench-secret-${randomBytes(6).toString('hex')}`;
  const registered = await fetch(`${graph.url}/fake/numbers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, accessToken }),
  });
  if (!registered.ok) throw new Error(`fake Graph API: ${registered.status}`);
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/whatsapp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Bench Cloud API',
      provider: 'cloudapi',
      cloudPhoneNumberId: number.phoneNumberId,
      cloudWabaId: number.wabaId,
      cloudAccessToken: accessToken,
      cloudAppSecret: appSecret,
    }),
  });
  const record = await created.json();
  if (created.status !== 201)
    throw new Error(`POST /api/whatsapp (cloudapi): ${created.status} ${JSON.stringify(record)}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`${base}/api/whatsapp/${record.id}`, { headers });
    const connection = await answer.json();
    if (connection.status === 'CONNECTED') break;
    if (Date.now() > deadline)
      throw new Error(`the Cloud API connection did not connect: ${JSON.stringify(connection)}`);
    await sleep(200);
  }
  return { id: record.id, webhookPath: new URL(record.cloudWebhookUrl).pathname, appSecret, number };
}

/** A notification as Meta posts it: one entry, one change, `messages` from customers. */
function notification(number, messages) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
              contacts: messages.map((message) => ({ profile: { name: 'Cliente' }, wa_id: message.from })),
              messages,
            },
          },
        ],
      },
    ],
  };
}

const textMessage = (from, body) => ({
  from,
  id: `wamid.${randomBytes(12).toString('hex')}`,
  timestamp: String(Math.floor(Date.now() / 1000)),
  type: 'text',
  text: { body },
});

/** The raw body and its headers, signed with the app secret. */
function signed(appSecret, body) {
  const payload = JSON.stringify(body);
  const signature = `sha256=${createHmac('sha256', appSecret).update(payload).digest('hex')}`;
  return { payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
}

/**
 * Each customer's first message on the new connection opens a ticket there: sent first, in
 * notifications of 50, so the figure measures messages into tickets that exist, like the sandbox's.
 */
export async function openCloudTickets({ base, connection, numbers }) {
  for (let start = 0; start < numbers.length; start += 50) {
    const messages = numbers.slice(start, start + 50).map((from) => textMessage(from, 'olá'));
    const { payload, headers } = signed(connection.appSecret, notification(connection.number, messages));
    const answer = await fetch(`${base}${connection.webhookPath}`, { method: 'POST', headers, body: payload });
    if (!answer.ok) throw new Error(`webhook: ${answer.status} ${await answer.text()}`);
  }
}

/**
 * Closed loop: `connections` clients posting signed notifications of one message each, back to
 * back, for `seconds`. `storedPerSecond` counts the 200s (stored), `heardPerSecond` the messages
 * the monitor heard announced (stored + event, as the sandbox figure counts); `pid` is the
 * server's, for its CPU time per message.
 */
export async function cloudInboundSustained({
  base,
  pid,
  connection,
  numbers,
  monitor,
  connections,
  seconds,
  firstSeq,
}) {
  let seq = firstSeq;
  const heardBefore = monitor.arrivals.size;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${connection.webhookPath}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const current = seq++;
          const message = textMessage(numbers[current % numbers.length], `bench-in ${current} olá, tudo bem?`);
          const { payload, headers } = signed(connection.appSecret, notification(connection.number, [message]));
          return { ...request, headers, body: payload };
        },
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  await sleep(1_000);
  const heard = monitor.arrivals.size - heardBefore;
  return {
    storedPerSecond: result['2xx'] / elapsed,
    /** The server process's CPU (PGlite's thread included; a PostgreSQL server's backends not). */
    cpuMsPerMessage: (cpu * 1000) / Math.max(1, result['2xx']),
    heardPerSecond: heard / elapsed,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    nextSeq: seq,
  };
}
