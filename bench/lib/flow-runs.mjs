// Flow runtime: many conversations moving through flows at once (issue 17).
import { performance } from 'node:perf_hooks';
import { percentile } from './figures.mjs';

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
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Runs `task(i)` for i in 0..count-1 with at most `concurrency` in flight; answers each one's duration (ms). */
async function pooled(count, concurrency, task) {
  const durations = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const started = performance.now();
        await task(index);
        durations[index] = performance.now() - started;
      }
    }),
  );
  return durations;
}

/**
 * A sandbox connection and a flow (start → question → message → the question again); `runs`
 * customers write the trigger phrase (1,000 runs started), then answer `rounds` times each, all
 * concurrently. The sandbox's inbound call answers once the message is stored and the runtime has
 * moved the run on (stored answer, message and next question sent), so answers per second is
 * the runtime's throughput with every run live.
 */
export async function measureFlowRuns({ base, adminToken, runs, rounds, concurrency, cpu }) {
  const stamp = Date.now().toString(36);
  const connection = await call(base, adminToken, 'POST', '/api/whatsapp', {
    name: `Flows bench ${stamp}`,
    provider: 'sandbox',
  });
  for (let i = 0; ; i++) {
    const found = await call(base, adminToken, 'GET', `/api/whatsapp/${connection.id}`);
    if (found.status === 'qrcode') break;
    if (i > 200) throw new Error('the sandbox connection never showed a QR code');
    await sleep(100);
  }
  await call(base, adminToken, 'POST', `/api/sandbox/${connection.id}/scan`);
  const flow = await call(base, adminToken, 'POST', '/api/flowbuilder', { name: `Bench ${stamp}` });
  const node = (id, type, data) => ({ id, type, position: { x: 0, y: 0 }, data });
  await call(base, adminToken, 'POST', '/api/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [
      node('1', 'start', {}),
      node('q', 'question', { typebotIntegration: { message: 'Your answer?', answerKey: 'answer' } }),
      node('m', 'message', { label: 'Got {{answer}}' }),
    ],
    connections: [
      { id: 'e1', source: '1', target: 'q' },
      { id: 'e2', source: 'q', target: 'm' },
      { id: 'e3', source: 'm', target: 'q' },
    ],
  });
  const phrase = `bench ${stamp}`;
  await call(base, adminToken, 'POST', '/api/flowcampaign', {
    name: 'bench',
    flowId: flow.id,
    whatsappId: connection.id,
    phrase,
  });
  const number = (i) => `55119${String(stamp.length * 1e7 + i).padStart(8, '0')}`.slice(0, 13);
  const say = (i, body) =>
    call(base, adminToken, 'POST', `/api/sandbox/${connection.id}/inbound`, { from: number(i), body });

  const startedAt = performance.now();
  const startDurations = await pooled(runs, concurrency, (i) => say(i, phrase));
  const startSeconds = (performance.now() - startedAt) / 1000;

  const answerDurations = [];
  const span = cpu?.start();
  const answersAt = performance.now();
  for (let round = 0; round < rounds; round++) {
    answerDurations.push(...(await pooled(runs, concurrency, (i) => say(i, `r${round}`))));
  }
  const answerSeconds = (performance.now() - answersAt) / 1000;
  const answerCpu = span?.perOperation(runs * rounds) ?? null;

  // One answer at a time, with the other runs still live: what one customer waits for. With 20 in
  // flight the p50 above is mostly the queue in front of each answer (20 ÷ answers a second).
  // Runs 1..soloRuns, which the sample below (first, middle, last) leaves out.
  const soloRuns = Math.min(50, Math.floor(runs / 2) - 1);
  const soloDurations = await pooled(soloRuns, 1, (i) => say(i + 1, 'alone'));

  // Each run answered every round: a sample of customers got the first question and, per round,
  // the answer's message and the question again.
  const expected = 1 + 2 * rounds;
  let short = 0;
  for (const i of [0, Math.floor(runs / 2), runs - 1]) {
    const entries = await call(base, adminToken, 'GET', `/api/sandbox/${connection.id}/outbox?to=${number(i)}`);
    if (entries.length !== expected) short++;
  }
  return {
    runs,
    rounds,
    startsPerSecond: runs / startSeconds,
    startP99: percentile(startDurations, 99),
    answersPerSecond: (runs * rounds) / answerSeconds,
    answerP50: percentile(answerDurations, 50),
    answerP99: percentile(answerDurations, 99),
    answerCpu,
    soloP50: percentile(soloDurations, 50),
    soloP99: percentile(soloDurations, 99),
    sampledShort: short,
  };
}
