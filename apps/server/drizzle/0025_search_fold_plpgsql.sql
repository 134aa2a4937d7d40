-- search_fold in PL/pgSQL, same expression, same result for every input (so the trigram indexes
-- built on it stay valid). Its body calls unaccent, which is only STABLE, so PostgreSQL never
-- inlined the IMMUTABLE SQL wrapper: each call went through the SQL function executor, about half
-- of a search's time where the fold is evaluated row by row (a walk of the newest tickets, an
-- index's recheck). PL/pgSQL evaluates the body as a simple expression: ~40 % less per call on
-- PGlite and on the PostgreSQL server (docs/performance.md, "The fold as PL/pgSQL").
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ BEGIN RETURN lower(public.unaccent('public.unaccent'::regdictionary, value)); END $$;
