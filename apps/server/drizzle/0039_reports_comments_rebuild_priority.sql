CREATE TABLE "report_rebuilds" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD COLUMN "comment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD COLUMN "priority" varchar(10) DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD COLUMN "priorities" varchar(10)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "priority" varchar(10) DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rebuilds" ADD CONSTRAINT "report_rebuilds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- A comment written on a rating is no report fact: only a change of the rate reaches the ticket.
DROP TRIGGER ticket_ratings_report ON ticket_ratings;--> statement-breakpoint
CREATE TRIGGER ticket_ratings_report AFTER INSERT OR UPDATE OF rate, created_at OR DELETE ON ticket_ratings
  FOR EACH ROW EXECUTE FUNCTION report_rating_changed();--> statement-breakpoint
-- A time zone change no longer rebuilds inside the settings transaction: it asks the job
-- `reports.rebuild` (docs/decisions/reports.md). A company without tickets has nothing to rebuild.
CREATE OR REPLACE FUNCTION report_time_zone_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  company integer := coalesce(NEW.company_id, OLD.company_id);
BEGIN
  IF EXISTS (SELECT 1 FROM companies WHERE id = company) AND EXISTS (SELECT 1 FROM tickets WHERE company_id = company) THEN
    INSERT INTO report_rebuilds (company_id, requested_at) VALUES (company, clock_timestamp())
      ON CONFLICT (company_id) DO UPDATE SET requested_at = excluded.requested_at;
  END IF;
  RETURN NULL;
END $$;
