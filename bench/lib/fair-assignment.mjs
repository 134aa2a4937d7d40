// Fair assignment (issue 48): a burst of new customers into a balanced queue, from each one's
// stored first message to its ticket's assignment.
import { percentile } from './figures.mjs';
import { connectSocket, cpuSeconds, login } from './server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function until(check, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

/**
 * A balanced queue with a waiting message and its own sandbox connection; `attendants` members
 * online (a socket each, with the web app's heartbeat) with room for every customer; then
 * `customers` new customers write their first message, spread evenly over `seconds` (open loop).
 * For each: from the ticket's creation (the transaction that stored the message) to an admin's
 * socket hearing the ticket become open with an attendant; also from the request's sending.
 */
export async function measureFairAssignment({
  base,
  adminToken,
  companyId,
  pid,
  password,
  attendants,
  customers,
  seconds,
}) {
  const stamp = Date.now().toString(36);
  const queue = await call(base, adminToken, 'POST', '/api/queue', {
    name: `Bench line ${stamp}`,
    color: '#2e7d32',
    assignmentMode: 'balanced',
    waitingMessage: 'Você é o {{queuePosition}}º da fila; espera estimada {{estimatedWait}}.',
  });
  const connection = await call(base, adminToken, 'POST', '/api/whatsapp', {
    name: `Bench line ${stamp}`,
    provider: 'sandbox',
    queueIds: [queue.id],
  });
  await until(
    async () => (await call(base, adminToken, 'GET', `/api/whatsapp/${connection.id}`)).status === 'qrcode',
    30,
    'qrcode',
  );
  await call(base, adminToken, 'POST', `/api/sandbox/${connection.id}/scan`);
  await until(
    async () => (await call(base, adminToken, 'GET', `/api/whatsapp/${connection.id}`)).status === 'CONNECTED',
    30,
    'connected',
  );
  const capacity = Math.ceil((customers * 1.2) / attendants);
  const sockets = [];
  for (let i = 1; i <= attendants; i++) {
    const email = `bench-line-${stamp}-${i}@bench.local`;
    await call(base, adminToken, 'POST', '/api/users', {
      name: `Line ${i}`,
      email,
      password,
      profile: 'user',
      queueIds: [queue.id],
      ticketCapacity: capacity,
    });
    const socket = await connectSocket(base, await login(base, email, password));
    socket.emit('userStatus');
    sockets.push(socket);
  }
  await until(
    async () => {
      const monitor = await call(base, adminToken, 'GET', '/api/queues/monitor');
      return monitor.queues.find((row) => row.queueId === queue.id)?.online === attendants;
    },
    30,
    'attendants online',
  );

  const admin = await connectSocket(base, adminToken);
  admin.emit('joinTickets', 'open');
  admin.emit('joinTickets', 'pending');
  sockets.push(admin);
  await sleep(500);
  const assignedAt = new Map();
  // When each ticket was first announced in the queue and still waiting (routing put it there).
  const queuedAt = new Map();
  admin.on(`company-${companyId}-ticket`, (payload) => {
    const ticket = payload?.ticket;
    if (payload?.action === 'update' && ticket?.queueId === queue.id && ticket.status === 'pending') {
      const number = ticket.contact?.number;
      if (number && !queuedAt.has(number)) queuedAt.set(number, Date.now());
    }
    if (payload?.action !== 'update' || ticket?.queueId !== queue.id || ticket.status !== 'open' || !ticket.userId)
      return;
    const number = ticket.contact?.number;
    if (number && !assignedAt.has(number))
      assignedAt.set(number, { at: Date.now(), createdAt: Date.parse(ticket.createdAt) });
  });

  const url = `${base}/api/sandbox/${connection.id}/inbound`;
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const sentAt = new Map();
  const answered = [];
  let failed = 0;
  const cpuBefore = cpuSeconds(pid);
  const started = Date.now();
  const requests = [];
  for (let i = 0; i < customers; i++) {
    const due = started + (i * seconds * 1000) / customers;
    const wait = due - Date.now();
    if (wait > 1) await sleep(wait);
    const number = `55199${String(Date.now() % 1e5).padStart(5, '0')}${String(i).padStart(4, '0')}`;
    sentAt.set(number, Date.now());
    requests.push(
      fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ from: number, name: `Cliente ${i}`, body: 'Olá, preciso de ajuda' }),
      })
        .then(async (response) => {
          await response.text();
          if (!response.ok) failed += 1;
          answered.push(Date.now());
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(requests);
  const answeredSeconds = (Math.max(...answered, started) - started) / 1000;
  await until(() => assignedAt.size >= customers - failed, 180, `${customers} assignments`).catch(() => null);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const elapsed = (Math.max(...[...assignedAt.values()].map((entry) => entry.at), started) - started) / 1000;
  for (const socket of sockets) socket.close();

  const fromStored = [];
  const fromSent = [];
  const toQueue = [];
  const fromQueue = [];
  for (const [number, entry] of assignedAt) {
    fromStored.push(entry.at - entry.createdAt);
    const queued = queuedAt.get(number);
    if (queued !== undefined) {
      toQueue.push(queued - entry.createdAt);
      fromQueue.push(entry.at - queued);
    }
    const sent = sentAt.get(number);
    if (sent !== undefined) fromSent.push(entry.at - sent);
  }
  return {
    p50: percentile(fromStored, 50),
    p99: percentile(fromStored, 99),
    sentP50: percentile(fromSent, 50),
    sentP99: percentile(fromSent, 99),
    /** Stored → announced in the queue (routing), and from there → assigned; tickets assigned before any pending announcement in the queue are left out. */
    toQueueP50: percentile(toQueue, 50),
    fromQueueP50: percentile(fromQueue, 50),
    fromQueueP99: percentile(fromQueue, 99),
    seenInQueue: toQueue.length,
    assigned: assignedAt.size,
    missing: customers - assignedAt.size,
    failed,
    answeredSeconds,
    elapsed,
    cpuMsPerCustomer: (cpu * 1000) / customers,
    capacity,
  };
}
