-- The attendant's own tickets (docs/performance.md, "How cost grows"): without this index their
-- closed list and its capped count walked the company's closed tickets until 1,001 of theirs were
-- found. INCLUDE (queue_id) is written by hand (Drizzle cannot express it) so the visibility filter
-- is answered from the index. The dashboard reads closed and accepted times from its day rollup
-- (migrations 0019, 0022), so their two indexes only cost every ticket write.
DROP INDEX "tickets_company_closed_idx";--> statement-breakpoint
DROP INDEX "tickets_company_accepted_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_updated_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at","id") INCLUDE ("queue_id");
