// Realtime figures: a ticket update reaching many agents, and inbound messages through the
// sandbox until they are stored and announced.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { percentile } from './figures.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A socket as the web app's tickets screen has it: connected with the access token, in the bell
 * and the open and pending list rooms (`use-ticket-rooms.ts`). Websocket only: 500 long-polling
 * clients would measure this process more than the server.
 */
export function connectAgent(base, token) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token },
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    const timer = setTimeout(() => reject(new Error('socket did not become ready')), 60_000);
    socket.once('ready', () => {
      clearTimeout(timer);
      socket.emit('joinNotification');
      socket.emit('joinTickets', 'open');
      socket.emit('joinTickets', 'pending');
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Opens `count` agent sockets over `tokens` (round robin), a few at a time. */
export async function connectAgents(base, tokens, count) {
  const sockets = [];
  for (let i = 0; i < count; i += 25) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 25); j++) batch.push(connectAgent(base, tokens[j % tokens.length]));
    sockets.push(...(await Promise.all(batch)));
  }
  await sleep(1_000); // the joins are fire-and-forget on the client
  return sockets;
}

/**
 * `rounds` updates of one ticket (PUT by an admin, toggling a harmless field); for each, the
 * time from sending the request to each socket receiving `company-{id}-ticket`.
 */
export async function measureFanOut({ base, adminToken, companyId, sockets, ticketId, rounds }) {
  const event = `company-${companyId}-ticket`;
  const latencies = [];
  let missing = 0;
  let requestMs = [];
  for (let round = 0; round < rounds; round++) {
    const useIntegration = round % 2 === 0;
    let received = 0;
    let sentAt = 0;
    let done;
    const all = new Promise((resolve) => {
      done = resolve;
    });
    const handlers = sockets.map((socket) => {
      const handler = (payload) => {
        if (payload?.action !== 'update' || payload.ticket?.id !== ticketId) return;
        if (payload.ticket.useIntegration !== useIntegration) return;
        latencies.push(performance.now() - sentAt);
        received += 1;
        if (received === sockets.length) done();
      };
      socket.on(event, handler);
      return handler;
    });
    sentAt = performance.now();
    const response = await fetch(`${base}/api/tickets/${ticketId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ useIntegration }),
    });
    requestMs.push(performance.now() - sentAt);
    if (!response.ok) throw new Error(`ticket update answered ${response.status}: ${await response.text()}`);
    await Promise.race([all, sleep(5_000)]);
    missing += sockets.length - received;
    sockets.forEach((socket, index) => {
      socket.off(event, handlers[index]);
    });
    await sleep(250);
  }
  requestMs = requestMs.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    missing,
    requestP50: percentile(requestMs, 50),
  };
}

/**
 * A monitor socket (an admin's: it hears every ticket's message events) that times the
 * `appMessage` create of each bench message; bodies carry `bench-in <seq>`.
 */
export async function createInboundMonitor(base, adminToken, companyId) {
  const socket = await connectAgent(base, adminToken);
  const arrivals = new Map();
  socket.on(`company-${companyId}-appMessage`, (payload) => {
    if (payload?.action !== 'create') return;
    const match = /^bench-in (\d+)/.exec(payload.message?.body ?? '');
    if (match) arrivals.set(Number(match[1]), performance.now());
  });
  return { arrivals, close: () => socket.close() };
}

const inboundBody = (seq, numbers) =>
  JSON.stringify({ from: numbers[seq % numbers.length], name: 'Cliente', body: `bench-in ${seq} olá, tudo bem?` });

/**
 * Open-loop sender at a fixed rate: `rate` messages a second for `seconds`, each to one of the
 * customers' numbers; answers the latency from send to the monitor hearing the stored message.
 */
export async function inboundAtRate({ base, adminToken, whatsappId, numbers, monitor, rate, seconds, firstSeq }) {
  const url = `${base}/api/sandbox/${whatsappId}/inbound`;
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const sentAt = new Map();
  const httpMs = [];
  const pending = [];
  let failed = 0;
  const reasons = new Map();
  const total = rate * seconds;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const seq = firstSeq + i;
    const at = performance.now();
    sentAt.set(seq, at);
    pending.push(
      fetch(url, { method: 'POST', headers, body: inboundBody(seq, numbers) })
        .then(async (response) => {
          const text = await response.text();
          if (!response.ok) {
            failed += 1;
            const reason = `${response.status} ${text.slice(0, 80)}`;
            reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
          }
          httpMs.push(performance.now() - at);
        })
        .catch((error) => {
          failed += 1;
          const reason = String(error.cause?.code ?? error.cause?.message ?? error.message);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }),
    );
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline && [...sentAt.keys()].some((seq) => !monitor.arrivals.has(seq))) await sleep(100);
  const latencies = [];
  let missing = 0;
  for (const [seq, at] of sentAt) {
    const arrived = monitor.arrivals.get(seq);
    if (arrived === undefined) missing += 1;
    else latencies.push(arrived - at);
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    httpP99: percentile(httpMs, 99),
    sentPerSecond: total / sendSeconds,
    missing,
    failed,
    failures: Object.fromEntries(reasons),
    nextSeq: firstSeq + total,
  };
}

/**
 * Closed-loop saturation: `connections` clients posting inbound messages back to back for
 * `seconds`; the sustained rate counts messages the monitor heard announced (stored + event).
 * With the server's `pid`, also its CPU time per message.
 */
export async function inboundSustained({
  base,
  adminToken,
  whatsappId,
  numbers,
  monitor,
  connections,
  seconds,
  firstSeq,
  cpu,
}) {
  let seq = firstSeq;
  const heardBefore = monitor.arrivals.size;
  const span = cpu?.start();
  const started = performance.now();
  const result = await autocannon({
    url: `${base}/api/sandbox/${whatsappId}/inbound`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: inboundBody(seq++, numbers) }),
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  await sleep(1_000);
  const heard = monitor.arrivals.size - heardBefore;
  return {
    perSecond: heard / elapsed,
    /** With a `cpu` meter: CPU per stored message, server and database (bench/lib/cpu.mjs). */
    cpu: span ? span.perOperation(result['2xx']) : null,
    httpPerSecond: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    nextSeq: seq,
  };
}
