// Issue 22: how the cost of the read paths grows with the company. One company on the PostgreSQL
// server is generated at 10k tickets, measured through HTTP, grown (set-based, the same shape) to
// 100k and 1M tickets and measured again at each size. Each figure is one client asking the same
// path in a row (the machine is shared: medians under concurrency would measure the neighbours).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateData, growCompany } from '../generate-data.mjs';
import { machineSnapshot } from './figures.mjs';
import { getJson, sequential, settle } from './http-load.mjs';
import { benchAdmin, login, startServer } from './server.mjs';

export const growthSizes = [10_000, 100_000, 1_000_000];

/** The company at its first size: the full data set's shape, a tenth of a tenth of it. */
const firstSize = {
  tickets: 10_000,
  contacts: 5_000,
  messagesPerTicket: 10,
  longTickets: 2,
  longTicketMessages: 1_200,
};

/** What each kind of figure may grow to at 1M against 10k (issue 22). */
export const growthTargets = { list: 1.5, thread: 1.5, search: 3, dashboard: null };

/** The paths measured at every size: [name, kind, url, who]. */
function paths({ queueIds, longTicketId, before50 }) {
  const queues = `queueIds=${queueIds}`;
  const thread = `/api/messages/${longTicketId}`;
  return [
    ['GET /api/tickets open page 1 (admin)', 'list', `/api/tickets?status=open&showAll=true&${queues}`, 'admin'],
    ['GET /api/tickets closed page 1 (admin)', 'list', `/api/tickets?status=closed&showAll=true&${queues}`, 'admin'],
    ['GET /api/tickets open page 1 (agent)', 'list', `/api/tickets?status=open&${queues}`, 'agent'],
    ['GET /api/tickets closed page 1 (agent)', 'list', `/api/tickets?status=closed&${queues}`, 'agent'],
    ['GET /api/messages page 1', 'thread', `${thread}?pageNumber=1`, 'admin'],
    ['GET /api/messages page 50 (before cursor)', 'thread', `${thread}?before=${before50}`, 'admin'],
    ['search by name (mariana)', 'search', `/api/tickets?searchParam=mariana&showAll=true&${queues}`, 'admin'],
    ['search message text (rastreio)', 'search', `/api/tickets?searchParam=rastreio&showAll=true&${queues}`, 'admin'],
    // "#421": a few tickets in a thousand at every size (each generated message ends in `#` and a
    // number below 9973), where a newest-first walk goes far.
    [
      'search message text, middling word (#421)',
      'search',
      `/api/tickets?searchParam=%23421&showAll=true&${queues}`,
      'admin',
    ],
    ['search matching nothing (zqxjw)', 'search', `/api/tickets?searchParam=zqxjw&showAll=true&${queues}`, 'admin'],
    ['GET /api/dashboard?days=30', 'dashboard', '/api/dashboard?days=30', 'admin'],
    ['GET /api/dashboard?days=365', 'dashboard', '/api/dashboard?days=365', 'admin'],
  ];
}

async function measureSize({ base, longTicketId, rounds }) {
  const admin = await login(base, benchAdmin.email, benchAdmin.password);
  const agent = await login(base, 'bench-agent-1@bench.local', benchAdmin.password);
  const tokens = { admin, agent };
  const queues = (await getJson(base, admin, '/api/queue')).body;
  if (!Array.isArray(queues) || queues.length === 0) throw new Error(`GET /api/queue: ${JSON.stringify(queues)}`);
  const page49 = (await getJson(base, admin, `/api/messages/${longTicketId}?pageNumber=49`)).body;
  const before50 = page49?.messages?.[0]?.id;
  if (!before50) throw new Error('the long thread has no page 49');
  const measured = [];
  for (const [name, kind, url, who] of paths({
    queueIds: JSON.stringify(queues.map((queue) => queue.id)),
    longTicketId,
    before50,
  })) {
    const sample = await getJson(base, tokens[who], url);
    if (sample.status !== 200) throw new Error(`${url}: ${sample.status} ${JSON.stringify(sample.body).slice(0, 300)}`);
    const shown = sample.body.tickets?.length ?? sample.body.messages?.length;
    const note =
      kind === 'dashboard'
        ? ''
        : `${sample.body.count ?? '-'}${sample.body.countCapped ? '+' : ''} counted, ${shown} shown`;
    await settle(base);
    await sequential(base, tokens[who], url, 5); // the first answers of a path pay for planning
    const result = await sequential(base, tokens[who], url, rounds);
    if (result.status !== 200) throw new Error(`${url}: ${result.status}`);
    measured.push({ name, kind, p50: result.p50, p99: result.p99, note });
  }
  return measured;
}

const fmt = (value) => (value === null || value === undefined ? '-' : value.toFixed(1));

/** The table: each figure's p50 at every size, and the ratio of the largest to the first against its target. */
export function printGrowth(result, log = console.log) {
  const sizes = result.sizes.map((size) => size.tickets);
  const head = sizes.map((tickets) => `${tickets >= 1e6 ? `${tickets / 1e6}M` : `${tickets / 1e3}k`}`.padStart(9));
  const last = sizes.at(-1);
  log(
    `\n${'p50 ms, one client'.padEnd(44)}${head.join('')}  ratio ${last / sizes[0]}× data   target  (p99 at each size)`,
  );
  for (const row of result.table) {
    const values = row.p50.map((value) => fmt(value).padStart(9)).join('');
    const ratio = row.ratio === null ? '-' : `${row.ratio.toFixed(2)}×`;
    const verdict =
      row.target === null ? 'report' : row.met === null ? '-' : `≤ ${row.target}× ${row.met ? 'ok' : 'MISS'}`;
    log(
      `${row.name.padEnd(44)}${values}  ${ratio.padStart(8)}   ${verdict.padEnd(12)} (${row.p99.map(fmt).join(' / ')})`,
    );
  }
  log(`  the server's shared_buffers: ${result.sharedBuffers}`);
  for (const size of result.sizes)
    log(
      `  at ${size.tickets}: ${size.counts.messages} messages, ${size.counts.contacts} contacts; load ${size.load.join(', ')}`,
    );
}

/**
 * Generates, measures, grows and measures again; answers every size's figures and the table.
 * `keep`: the database stays afterwards (for EXPLAIN); it is otherwise dropped. `reuse`: the kept
 * database is measured again at the size it has, with nothing generated (growing to 1M takes most
 * of a run), and kept.
 */
export async function measureGrowth({ root, adminUrl, maxTickets, rounds, keep, reuse, log }) {
  const databaseName = 'wacrm_bench_growth';
  if (!reuse) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-bench-growth-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  // pool.end() resolves while its connections still close; the forced drop after may end one.
  pool.on('error', () => undefined);
  const query = (text, params) => pool.query(text, params);
  const sizes = [];
  let sharedBuffers = null;
  try {
    // Started once before anything is generated or measured: it migrates the database.
    const first = await startServer({ root, dataDir, databaseUrl, log });
    await first.stop();
    let steps = [];
    if (!reuse) {
      log(`  generating ${firstSize.tickets} tickets`);
      steps = (await generateData(query, { size: firstSize, log })).steps;
    }
    const { rows } = await query(
      `select ticket_id as id from messages where company_id = 1 group by ticket_id order by count(*) desc limit 1`,
    );
    const longTicketId = rows[0].id;
    // Whether a large company's pages stay in the server's own cache or come from the system's
    // each time: the middling word at 1M took 137 ms at PostgreSQL's default 128MB, 55 ms at 2GB.
    sharedBuffers = (await query('show shared_buffers')).rows[0].shared_buffers;
    // Reused, the kept database is measured at the size it has.
    const measuredSizes = reuse
      ? [(await query('select count(*)::int as tickets from tickets where company_id = 1')).rows[0].tickets]
      : growthSizes.filter((size) => size <= maxTickets);
    for (const tickets of measuredSizes) {
      if (!reuse && tickets > firstSize.tickets) {
        log(`  growing to ${tickets} tickets`);
        steps = (await growCompany(query, { tickets, log })).steps;
      }
      const [counts] = (
        await query(
          `select (select count(*)::int from tickets where company_id = 1) as tickets,
                  (select count(*)::int from messages where company_id = 1) as messages,
                  (select count(*)::int from contacts where company_id = 1) as contacts,
                  (select count(*)::int from tickets where company_id = 1 and status = 'open') as open`,
        )
      ).rows;
      const server = await startServer({ root, dataDir, databaseUrl, log });
      const load = machineSnapshot().loadAverage;
      try {
        const figures = await measureSize({ base: server.base, longTicketId, rounds });
        for (const figure of figures)
          log(
            `  [${tickets}] ${figure.name.padEnd(44)} p50 ${fmt(figure.p50)} ms, p99 ${fmt(figure.p99)} ms  ${figure.note}`,
          );
        sizes.push({ tickets, counts, steps, load, loadAfter: machineSnapshot().loadAverage, figures });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep && !reuse) {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${databaseName} with (force)`);
      await cleanup.end();
    }
  }
  const table = sizes[0].figures.map((figure, index) => {
    const p50 = sizes.map((size) => size.figures[index].p50);
    const p99 = sizes.map((size) => size.figures[index].p99);
    const ratio = sizes.length > 1 && p50[0] ? p50.at(-1) / p50[0] : null;
    const target = growthTargets[figure.kind];
    return {
      name: figure.name,
      kind: figure.kind,
      p50,
      p99,
      ratio: ratio === null ? null : Math.round(ratio * 100) / 100,
      target,
      met: target === null || ratio === null ? null : ratio <= target,
    };
  });
  return { database: databaseName, sharedBuffers, sizes, table };
}
