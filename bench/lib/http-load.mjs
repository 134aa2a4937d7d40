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
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
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
