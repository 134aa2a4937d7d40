import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresErrorCode } from './errors.ts';
import { createStatementCache, PLAN_PER_VALUE, withPreparedStatements } from './pglite-statements.ts';
import { containsText } from './text-search.ts';

// Drizzle's PGlite driver passes these: dates stay text, rows come as arrays.
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value },
};

describe('PGlite statements, prepared once per query text', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table people (id serial primary key, name text unique not null, born date,
        seen_at timestamptz, tags text[], extra jsonb, score numeric, active boolean);
      insert into people (name, born, seen_at, tags, extra, score, active) values
        ('Ana', '1990-05-01', '2026-11-27 10:00:00+00', '{a,b}', '{"x": 1}', 1.5, true),
        ('João', null, null, null, null, null, false);
    `);
  });
  afterAll(() => client.close());

  const preparedCount = async () =>
    (await client.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements')).rows[0].count;

  it('answers exactly what PGlite’s own query answers, in object and array rows', async () => {
    const queries = withPreparedStatements(client);
    const text = 'select * from people where id = any($1::int[]) order by id';
    for (const options of [undefined, drizzleOptions, { rowMode: 'object' as const }]) {
      const own = await client.query(text, [[1, 2]], options);
      const prepared = await queries.query(text, [[1, 2]], options);
      expect(prepared.rows).toEqual(own.rows);
      expect(prepared.fields).toEqual(own.fields);
      // Twice: the second run binds the statement the first one made.
      expect((await queries.query(text, [[1, 2]], options)).rows).toEqual(own.rows);
    }
    const own = await client.query('update people set score = score where active = $1', [true]);
    const prepared = await queries.query('update people set score = score where active = $1', [true]);
    expect(prepared.affectedRows).toBe(own.affectedRows);
    expect(prepared.rows).toEqual([]);
  });

  it('binds values as PGlite does: null, arrays, json, dates and booleans', async () => {
    const queries = withPreparedStatements(client);
    const inserted = await queries.query<{ id: number; tags: string[]; extra: unknown; seen_at: Date }>(
      'insert into people (name, tags, extra, seen_at, active, born) values ($1, $2, $3, $4, $5, $6) returning *',
      ['Bia', ['x', 'y'], { deep: [1, 2] }, new Date('2026-01-02T03:04:05Z'), false, null],
    );
    const [row] = inserted.rows;
    expect(row.tags).toEqual(['x', 'y']);
    expect(row.extra).toEqual({ deep: [1, 2] });
    expect(row.seen_at).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(inserted.affectedRows).toBe(1);
  });

  it('keeps at most its bound of statements, closing the least recently used', async () => {
    const before = await preparedCount();
    const cache = createStatementCache(client, 2);
    const run = (text: string) => client.runExclusive(() => cache.run(text, [1]));
    await run('select $1::int as a');
    await run('select $1::int as b');
    await run('select $1::int as a'); // used again: b is now the oldest
    await run('select $1::int as c'); // b is closed with the next statement's trip
    expect(cache.size).toBe(2);
    await run('select $1::int as a');
    expect(await preparedCount()).toBe(before + 2);
    const names = (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement,
    );
    expect(names).not.toContain('select $1::int as b');
  });

  it('leaves a search, planned for each term, unprepared', async () => {
    const queries = withPreparedStatements(client);
    const before = await preparedCount();
    const rows = await queries.query(`select name from people where name like $1 ${PLAN_PER_VALUE}`, ['A%']);
    expect(rows.rows).toEqual([{ name: 'Ana' }]);
    expect(await preparedCount()).toBe(before);
    // What marks it: every search condition carries the comment.
    expect(JSON.stringify(containsText(sql`name`, 'ana'))).toContain(PLAN_PER_VALUE);
  });

  it('passes errors through with their SQLSTATE and keeps working after them', async () => {
    const queries = withPreparedStatements(client);
    const duplicate = queries.query('insert into people (name) values ($1)', ['Ana']);
    await expect(duplicate).rejects.toSatisfy((error) => postgresErrorCode(error) === '23505');
    await expect(queries.query('select nonsense from people where id = $1', [1])).rejects.toSatisfy(
      (error) => postgresErrorCode(error) === '42703',
    );
    await expect(queries.query('select id from people where id = $1', ['not a number'])).rejects.toSatisfy(
      (error) => postgresErrorCode(error) === '22P02',
    );
    expect((await queries.query('select name from people where id = $1', [1])).rows).toEqual([{ name: 'Ana' }]);
  });

  it('runs inside transactions: a rollback undoes its prepared writes, a commit keeps them', async () => {
    const queries = withPreparedStatements(client);
    const count = async () =>
      (await queries.query<{ n: number }>('select count(*)::int as n from people where name like $1', ['T%'])).rows[0]
        .n;
    await expect(
      queries.transaction(async (tx) => {
        await tx.query('insert into people (name) values ($1)', ['Tomé']);
        expect(
          (await tx.query<{ n: number }>('select count(*)::int as n from people where name like $1', ['T%'])).rows,
        ).toEqual([{ n: 1 }]);
        await tx.query('insert into people (name) values ($1)', ['Ana']); // unique violation
      }),
    ).rejects.toSatisfy((error) => postgresErrorCode(error) === '23505');
    expect(await count()).toBe(0);
    await queries.transaction(async (tx) => {
      await tx.query('insert into people (name) values ($1)', ['Tomé']);
    });
    expect(await count()).toBe(1);
  });

  it('makes a statement again when the table it read changed shape', async () => {
    const queries = withPreparedStatements(client);
    const text = 'select * from people where id = $1';
    expect(Object.keys((await queries.query<object>(text, [1])).rows[0])).not.toContain('nickname');
    await client.exec('alter table people add column nickname text');
    expect(Object.keys((await queries.query<object>(text, [1])).rows[0])).toContain('nickname');
  });
});
