-- Ticket lists (docs/performance.md): both indexes carry what the visibility filters read, so a
-- page and its capped count are index-only scans. INCLUDE is written by hand: Drizzle cannot
-- express it, and its snapshot only tracks the key columns.
DROP INDEX "tickets_company_status_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at","id") INCLUDE ("status","queue_id","user_id");--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at","id") INCLUDE ("queue_id","user_id");
