-- Trigram search for tickets (contact name and number, message text) and contacts: an index
-- lookup instead of a scan over every message. pg_trgm ships with PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
