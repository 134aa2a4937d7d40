import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { queryRows } from './client.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('search_fold', () => {
  // The trigram indexes hold search_fold's answers: a fold that answered differently from the one
  // they were built with would silently miss rows until a reindex.
  it('answers exactly what lower(unaccent(...)) answers, for any text', async () => {
    const samples = ['João Conceição', 'AÇÃO', 'Ñandú', 'Straße', 'Æsir Œuvre', 'ÀÉÎÕÜ çñ', '😀 Olá', '', '100%_off'];
    const rows = await queryRows<{ folded: string; expected: string }>(
      t.db,
      sql`select search_fold(sample) as folded,
                 lower(public.unaccent('public.unaccent'::regdictionary, sample)) as expected
          from unnest(array[${sql.join(
            samples.map((sample) => sql`${sample}`),
            sql`, `,
          )}]::text[]) as sample`,
    );
    expect(rows.map((row) => row.folded)).toEqual(rows.map((row) => row.expected));
    expect(rows.slice(0, 3).map((row) => row.folded)).toEqual(['joao conceicao', 'acao', 'nandu']);
    const [none] = await queryRows<{ folded: string | null }>(t.db, sql`select search_fold(null) as folded`);
    expect(none.folded).toBeNull();
  });
});
