// Read paths under load: the ticket list, a search and a thread's pages (autocannon).
import autocannon from 'autocannon';
import { percentile } from './figures.mjs';

/** `connections` clients asking `path` back to back for `seconds`; answers p50/p99 (ms) and req/s. */
export async function loadPath(base, token, path, { connections, seconds }) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  // Nothing answered in time: no latency to report (autocannon would say 0 ms).
  const answered = result.requests.total - failed > 0;
  return {
    p50: answered ? result.latency.p50 : null,
    p99: answered ? result.latency.p99 : null,
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    failed,
  };
}

/** One client asking `path` `rounds` times in a row; answers p50/p99 in ms (sub-millisecond resolution). */
export async function sequential(base, token, path, rounds) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) return { status: response.status, p50: null, p99: null };
    times.push(performance.now() - started);
  }
  return { status: 200, p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function getJson(base, token, path) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: response.ok ? await response.json() : await response.text() };
}

/**
 * Waits until the server has worked off what an earlier figure left queued (requests the load
 * tool gave up on still run): two health checks in a row under 50 ms, at most `maxSeconds`.
 */
export async function settle(base, maxSeconds = 90) {
  const deadline = Date.now() + maxSeconds * 1000;
  let fast = 0;
  while (fast < 2 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    fast = performance.now() - started < 50 ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
