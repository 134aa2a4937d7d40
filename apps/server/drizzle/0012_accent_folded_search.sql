-- Search that matches the way users type: case and accents folded on both sides ("joao" finds
-- "João"). unaccent ships with PostgreSQL's contrib and with PGlite. Its function is only STABLE
-- (the dictionary could change), so an index needs this IMMUTABLE wrapper naming the dictionary.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_body_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_name_fold_trgm_idx" ON "contacts" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_body_fold_trgm_idx" ON "messages" USING gin (search_fold("body") gin_trgm_ops);