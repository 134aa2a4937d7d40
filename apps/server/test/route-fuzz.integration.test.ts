import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/client.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from './factories.ts';
import { paced } from './machine-pace.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Walks every registered /api route (so a route is covered the day it is added) with hostile
 * path parameters, query strings and bodies, as a super admin, a company admin, an attendant and
 * nobody, and holds three things: never a 5xx, the server still answers, and a route whose every
 * write was refused left no row behind.
 *
 * The seed is fixed so CI runs the same requests every time; `FUZZ_RUNS` samples per route and
 * role (default 3) and `FUZZ_SEED` change that for a longer run:
 *   FUZZ_RUNS=40 FUZZ_SEED=$RANDOM npx vitest run --project server apps/server/test/route-fuzz
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 23);
// The test's timeout, stretched while the machine is busy (machine-pace.ts).
const FUZZ_TIMEOUT = paced(60_000 + RUNS * 30_000);

// ---- generated values -------------------------------------------------------------------

const hugeText = 'x'.repeat(300_000);
const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '9999-99-99',
    '2026-02-30',
    '2026-13-01T25:61:00Z',
    '0000-00-00',
    '2147483648',
    '-1',
    '1e9',
    '-0',
    'NaN',
    'Infinity',
    '99999999999999999999999',
    '',
    ' ',
    'true',
    'null',
    '[object Object]',
    "'; select pg_sleep(5); --",
    '../../etc/passwd',
    '%00',
    '__proto__',
    hugeText,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, -1, 0, 1e9, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1.5, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { id: '\u0000' }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileText, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function deepNesting(depth: number) {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

/** Raw JSON texts that JSON.stringify cannot make. */
const rawBodies = [
  '{"__proto__":{"isAdmin":true},"name":"x"}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"id":1e400,"pageNumber":-1e400}',
  '{"name":"\\u0000","body":"\\ud800"}',
  '{"email":',
  '[]',
  'null',
  '"text"',
  deepNesting(2_000),
];

type BodyCase =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'none' };

function bodyCase(keys: string[]): fc.Arbitrary<BodyCase> {
  const fieldNames = fc.constantFrom(...keys, '__proto__', 'constructor', 'id', 'companyId');
  return fc.oneof(
    { weight: 5, arbitrary: fc.dictionary(fieldNames, hostileValue, { maxKeys: 6 }).map((value) => json(value)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => json(value)) },
    { weight: 2, arbitrary: fc.constantFrom(...rawBodies).map((text) => raw(text, 'application/json')) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        raw(
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
          'multipart/form-data; boundary=xyz',
        ),
        raw('whatever', 'multipart/form-data'),
        raw(
          '--xyz\r\nContent-Disposition: form-data; name="body"\r\n\r\na\u0000b\r\n--xyz--\r\n',
          'multipart/form-data; boundary=xyz',
        ),
        raw(`--xyz\r\n${'X'.repeat(20_000)}\r\n\r\n--xyz--`, 'multipart/form-data; boundary=xyz'),
        raw('a=1&b=%00', 'application/x-www-form-urlencoded'),
        raw('\u0000', 'text/plain'),
      ),
    },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'none' }) },
  );
}
const json = (value: unknown): BodyCase => ({ kind: 'json', value });
const raw = (text: string, contentType: string): BodyCase => ({ kind: 'raw', text, contentType });

function queryString(keys: string[]): fc.Arbitrary<string> {
  const names = fc.constantFrom(...keys, 'searchParam', 'pageNumber', 'date', 'id', 'companyId');
  const pair = fc.tuple(names, hostileValue).map(([name, value]) => {
    const text = typeof value === 'string' ? value.slice(0, 2_000) : JSON.stringify(value);
    return `${encode(name)}=${encode(text ?? '')}`;
  });
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('searchParam=%00', 'pageNumber=%ZZ', 'a[b][c]=1', 'queueIds=1&queueIds=%00'),
    },
  );
}

/** Path parameters: hostile shapes, and ids that are well formed but not this caller's. */
const pathValue = fc.oneof(
  fc.constantFrom('2147483648', '-1', '0', '1e9', '1.5', '%00', 'abc', '9999-99-99', '999999', '%ED%A0%80'),
  hostileText.map((text) => encode(text.slice(0, 200)) || 'x'),
);

// ---- the route table ---------------------------------------------------------------------

interface Walked {
  method: string;
  url: string;
  bodyKeys: string[];
  queryKeys: string[];
}

/** The keys of a zod object schema, looking through optional/default/pipe/union wrappers. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const candidate = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  if (candidate.shape && typeof candidate.shape === 'object') return Object.keys(candidate.shape);
  const def = candidate._zod?.def ?? {};
  const inner = [def.innerType, def.in, def.out, def.schema, ...((def.options as unknown[]) ?? [])];
  return [...new Set(inner.flatMap((entry) => keysOf(entry, depth + 1)))];
}

function walkedRoutes(routes: RouteOptions[]): Walked[] {
  const walked: Walked[] = [];
  for (const route of routes) {
    if (!route.url.startsWith('/api')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      walked.push({ method, url: route.url, bodyKeys: keysOf(schema.body), queryKeys: keysOf(schema.querystring) });
    }
  }
  return walked;
}

// ---- the walk ----------------------------------------------------------------------------

let t: TestServer;
const callers: { role: string; token: () => string | null }[] = [];

/** Row counts of every table of the application's schema, in one query. */
let countAll: () => Promise<Record<string, number>>;

beforeAll(async () => {
  t = await startTestServer();
  const superAdmin = await t.login('admin@admin.com', '123456');
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });
  const tokens = {
    super: superAdmin.token,
    admin: (await t.login(admin.email, TEST_PASSWORD)).token,
    attendant: (await t.login(attendant.email, TEST_PASSWORD)).token,
  };
  callers.push(
    { role: 'super admin', token: () => tokens.super },
    { role: 'admin', token: () => tokens.admin },
    { role: 'attendant', token: () => tokens.attendant },
    { role: 'nobody', token: () => null },
  );
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const union = tables
    .map(({ name }) => `select '${name}' as name, count(*)::int as rows from "${name}"`)
    .join(' union all ');
  countAll = async () => {
    const rows = await queryRows<{ name: string; rows: number }>(t.db, sql.raw(union));
    return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
  };
});
afterAll(() => t?.close());

/**
 * Tables a refused request may still add rows to by design (a record of refused attempts, say):
 * none today. The login, signup and reset limiters count in memory.
 */
const WRITTEN_BY_REFUSALS = new Set<string>();

describe('every route, hostile input', () => {
  it(
    'never answers 5xx, keeps answering, and leaves nothing behind a refused write',
    async () => {
      const routes = walkedRoutes(t.server.routes);
      expect(routes.length).toBeGreaterThan(50);
      const failures: string[] = [];
      let requests = 0;

      for (const route of routes) {
        const sample = fc.record({
          path: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
          query: queryString(route.queryKeys),
          body: bodyCase(route.bodyKeys),
        });
        const cases = fc.sample(sample, {
          numRuns: RUNS * callers.length,
          seed: SEED + hash(route.method + route.url),
        });
        const before = await countAll();
        let everyWriteRefused = true;

        for (const [index, generated] of cases.entries()) {
          const caller = callers[index % callers.length];
          let param = 0;
          const url = route.url.replace(/:[A-Za-z]+/g, () => generated.path[param++ % 4]);
          const fullUrl = generated.query ? `${url}?${generated.query}` : url;
          const headers: Record<string, string> = {};
          const token = caller.token();
          if (token) headers.authorization = `Bearer ${token}`;
          let payload: string | undefined;
          if (route.method !== 'GET' && generated.body.kind === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(generated.body.value) ?? 'null';
          } else if (route.method !== 'GET' && generated.body.kind === 'raw') {
            headers['content-type'] = generated.body.contentType;
            payload = generated.body.text;
          }
          const response = await t.app.inject({ method: route.method as 'GET', url: fullUrl, headers, payload });
          requests++;
          if (response.statusCode >= 500) {
            failures.push(
              `${response.statusCode} ${route.method} ${fullUrl.slice(0, 200)} as ${caller.role}: ${payload?.slice(0, 200)} → ${response.body.slice(0, 200)}`,
            );
          }
          if (route.method !== 'GET' && response.statusCode < 400) everyWriteRefused = false;
        }

        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode, `the server stopped answering after ${route.method} ${route.url}`).toBe(200);
        if (route.method !== 'GET' && everyWriteRefused) {
          const after = await countAll();
          for (const [table, rows] of Object.entries(after)) {
            if (!WRITTEN_BY_REFUSALS.has(table) && rows !== before[table]) {
              failures.push(
                `${route.method} ${route.url}: every request refused, yet ${table} went ${before[table]} → ${rows}`,
              );
            }
          }
        }
      }
      expect(failures, `${failures.length} failures over ${requests} requests`).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );
});

/** Percent-encoding; a lone surrogate (which encodeURIComponent refuses) becomes invalid UTF-8. */
function encode(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A stable number per route, so each route gets its own (fixed) sequence of samples. */
function hash(text: string) {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value);
}
