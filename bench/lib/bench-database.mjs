import path from 'node:path';

/** A connection to the bench database outside the server (PGlite: only while the server is stopped). */
export async function openBenchDatabase(database, { dataDir, databaseUrl }) {
  if (database === 'postgres') {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  // The extensions the search indexes use must load, or inserts into indexed tables fail.
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm, unaccent } });
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

/** Numbers of customers with a ticket that is not closed: inbound lands in ongoing conversations. */
export async function ongoingNumbers(query) {
  const { rows } = await query(
    `select c.number from tickets t join contacts c on c.id = t.contact_id
      where t.company_id = 1 and t.status <> 'closed' order by t.id desc limit 2000`,
  );
  return rows.map((row) => row.number);
}

/**
 * For each searched text, the planner's guess of the messages holding it and how many do. The
 * server chooses the text branch's plan from the guess (docs/decisions/tickets.md, "Search"), and
 * ANALYZE's sample, taken afresh with each run's data, can guess a middling word ten times too
 * often: the figures of such a run measure the other plan.
 */
export async function textGuesses(query, texts) {
  const guesses = {};
  for (const text of texts) {
    const condition = `company_id = 1 and search_fold(body) like search_fold('%' || $1 || '%')`;
    const { rows: plan } = await query(`explain (format json) select 1 from messages where ${condition}`, [text]);
    const json = plan[0]['QUERY PLAN'];
    const guessed = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows'];
    const { rows } = await query(`select count(*)::int as found from messages where ${condition}`, [text]);
    guesses[text] = { guessed, found: rows[0].found };
  }
  return guesses;
}
