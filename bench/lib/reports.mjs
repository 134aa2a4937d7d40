import { percentile } from './figures.mjs';
import { getJson } from './http-load.mjs';

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 50: each report over the last 90 days, through every filter combination a manager can set
 * (none; one queue, attendant, connection or tag; all four together; grouped by hour, week, month;
 * a tag by the hour),
 * one request after another. One figure per report: p50 and p99 over all combinations.
 */
export async function measureReports(figures, base, admin, { label = '', target = '-', limit = null, rounds = 3 }) {
  const first = async (path) => {
    const answer = await getJson(base, admin, path);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    const list = Array.isArray(answer.body) ? answer.body : (answer.body.queues ?? answer.body.whatsapps ?? []);
    return list[0]?.id;
  };
  const ids = {
    queueIds: await first('/api/queue'),
    userIds: await first('/api/users/list'),
    whatsappIds: await first('/api/whatsapp?session=0'),
    tagIds: await first('/api/tags/list'),
  };
  const period = `from=${day(-89)}&to=${day(0)}`;
  const filters = [
    '',
    ...Object.entries(ids)
      .filter(([, id]) => id)
      .map(([name, id]) => `&${name}=${id}`),
    Object.entries(ids)
      .filter(([name, id]) => id && name !== 'tagIds')
      .map(([name, id]) => `&${name}=${id}`)
      .join(''),
    `&tagIds=${ids.tagIds}&queueIds=${ids.queueIds}`,
    '&groupBy=hour',
    // A tag by the hour: the one combination still read from the tag hour rows.
    `&tagIds=${ids.tagIds}&groupBy=hour`,
    '&groupBy=week',
    '&groupBy=month',
  ];
  for (const kind of ['overview', 'attendants', 'queues', 'tags', 'connections', 'satisfaction']) {
    const times = [];
    const byFilter = new Map(filters.map((filter) => [filter, []]));
    for (let round = 0; round < rounds; round++) {
      for (const filter of filters) {
        const started = performance.now();
        const response = await fetch(`${base}/api/reports/${kind}?${period}${filter}`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`reports ${kind}${filter}: ${response.status}`);
        // The first round warms the caches; the figure is the rounds after it.
        if (round > 0 || rounds === 1) {
          const elapsed = performance.now() - started;
          times.push(elapsed);
          byFilter.get(filter).push(elapsed);
        }
      }
    }
    // The combination that sets the p99: on a shared machine one slow answer can be load, a slow
    // combination is the query.
    const [slowest, slowestTimes] = [...byFilter].sort(([, a], [, b]) => percentile(b, 50) - percentile(a, 50))[0];
    const note = `90 days, ${filters.length} filter combinations × ${rounds - 1} rounds; slowest ${slowest.slice(1) || 'no filter'} p50 ${Math.round(percentile(slowestTimes, 50))} ms`;
    figures.add(`GET /api/reports/${kind} 90 days${label} p50`, percentile(times, 50), 'ms', '-', null, note);
    figures.add(
      `GET /api/reports/${kind} 90 days${label} p99`,
      percentile(times, 99),
      'ms',
      target,
      limit === null ? null : (value) => value < limit,
      note,
    );
  }
}
