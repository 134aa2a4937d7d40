CREATE TABLE "report_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"queue_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"whatsapp_id" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"reopened" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" numeric DEFAULT '0' NOT NULL,
	"resolution_business_seconds" numeric DEFAULT '0' NOT NULL,
	"handling_count" integer DEFAULT 0 NOT NULL,
	"handling_seconds" numeric DEFAULT '0' NOT NULL,
	"handling_business_seconds" numeric DEFAULT '0' NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" numeric DEFAULT '0' NOT NULL,
	"first_response_business_seconds" numeric DEFAULT '0' NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"wait_seconds" numeric DEFAULT '0' NOT NULL,
	"wait_business_seconds" numeric DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_1" integer DEFAULT 0 NOT NULL,
	"rating_2" integer DEFAULT 0 NOT NULL,
	"rating_3" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_company_id_day_queue_id_user_id_whatsapp_id_pk" PRIMARY KEY("company_id","day","queue_id","user_id","whatsapp_id")
);
--> statement-breakpoint
CREATE TABLE "report_hours" (
	"company_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"queue_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"whatsapp_id" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"reopened" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" numeric DEFAULT '0' NOT NULL,
	"resolution_business_seconds" numeric DEFAULT '0' NOT NULL,
	"handling_count" integer DEFAULT 0 NOT NULL,
	"handling_seconds" numeric DEFAULT '0' NOT NULL,
	"handling_business_seconds" numeric DEFAULT '0' NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" numeric DEFAULT '0' NOT NULL,
	"first_response_business_seconds" numeric DEFAULT '0' NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"wait_seconds" numeric DEFAULT '0' NOT NULL,
	"wait_business_seconds" numeric DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_1" integer DEFAULT 0 NOT NULL,
	"rating_2" integer DEFAULT 0 NOT NULL,
	"rating_3" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_hours_company_id_hour_queue_id_user_id_whatsapp_id_pk" PRIMARY KEY("company_id","hour","queue_id","user_id","whatsapp_id")
);
--> statement-breakpoint
CREATE TABLE "report_tag_hours" (
	"company_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"tag_id" integer NOT NULL,
	"queue_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"whatsapp_id" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"reopened" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" numeric DEFAULT '0' NOT NULL,
	"resolution_business_seconds" numeric DEFAULT '0' NOT NULL,
	"handling_count" integer DEFAULT 0 NOT NULL,
	"handling_seconds" numeric DEFAULT '0' NOT NULL,
	"handling_business_seconds" numeric DEFAULT '0' NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" numeric DEFAULT '0' NOT NULL,
	"first_response_business_seconds" numeric DEFAULT '0' NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"wait_seconds" numeric DEFAULT '0' NOT NULL,
	"wait_business_seconds" numeric DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_1" integer DEFAULT 0 NOT NULL,
	"rating_2" integer DEFAULT 0 NOT NULL,
	"rating_3" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_tag_hours_company_id_hour_tag_id_queue_id_user_id_whatsapp_id_pk" PRIMARY KEY("company_id","hour","tag_id","queue_id","user_id","whatsapp_id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_customer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "entered_queue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reopen_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_business_seconds" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "wait_business_seconds" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_business_seconds" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "handling_business_seconds" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "business_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hours" ADD CONSTRAINT "report_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tag_hours" ADD CONSTRAINT "report_tag_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_tag_hours_tag_idx" ON "report_tag_hours" USING btree ("company_id","tag_id","hour");--> statement-breakpoint
CREATE INDEX "tickets_business_pending_idx" ON "tickets" USING btree ("id") WHERE "tickets"."business_pending";--> statement-breakpoint
-- hand-written below
-- Existing data, before any trigger exists (so these writes cost no rollup work): ratings onto
-- their tickets, and the tickets whose business-hours figures the sweep will compute.
UPDATE tickets t SET rating = r.rate, rated_at = r.created_at FROM ticket_ratings r WHERE r.ticket_id = t.id;--> statement-breakpoint
UPDATE tickets SET business_pending = true WHERE closed_at IS NOT NULL OR accepted_at IS NOT NULL;--> statement-breakpoint
UPDATE tickets SET entered_queue_at = queued_at WHERE queued_at IS NOT NULL;--> statement-breakpoint
-- Report facts on the ticket row (docs/decisions/reports.md): the first time it entered a queue
-- (kept through closes, unlike queued_at), reopenings, and which business-hours figures the
-- reports' sweep still has to compute (they are cleared whenever the times they measure move).
CREATE OR REPLACE FUNCTION report_ticket_facts() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.entered_queue_at := coalesce(NEW.entered_queue_at, NEW.queued_at);
  ELSE
    NEW.entered_queue_at := coalesce(OLD.entered_queue_at, NEW.entered_queue_at, NEW.queued_at);
    IF OLD.status = 'closed' AND NEW.status <> 'closed' THEN
      NEW.reopen_count := OLD.reopen_count + 1;
      -- The write's own time when it sets one (tickets' writes do), so imports and tests date it.
      NEW.reopened_at := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
    END IF;
    IF NEW.closed_at IS DISTINCT FROM OLD.closed_at OR NEW.accepted_at IS DISTINCT FROM OLD.accepted_at
      OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      NEW.resolution_business_seconds := NULL;
      NEW.handling_business_seconds := NULL;
    END IF;
    IF NEW.accepted_at IS DISTINCT FROM OLD.accepted_at OR NEW.entered_queue_at IS DISTINCT FROM OLD.entered_queue_at
      OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      NEW.wait_business_seconds := NULL;
    END IF;
    IF NEW.first_response_at IS DISTINCT FROM OLD.first_response_at OR NEW.first_customer_at IS DISTINCT FROM OLD.first_customer_at
      OR NEW.entered_queue_at IS DISTINCT FROM OLD.entered_queue_at THEN
      NEW.first_response_business_seconds := NULL;
    END IF;
  END IF;
  NEW.business_pending := (NEW.closed_at IS NOT NULL AND NEW.resolution_business_seconds IS NULL)
    OR (NEW.accepted_at IS NOT NULL AND NEW.wait_business_seconds IS NULL)
    OR (NEW.first_response_at IS NOT NULL AND NEW.first_response_business_seconds IS NULL);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_report_facts BEFORE INSERT OR UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION report_ticket_facts();--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_time_zone(company integer) RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce((SELECT value FROM settings WHERE company_id = company AND key = 'timezone'), 'America/Sao_Paulo') $$;--> statement-breakpoint
-- The start of the first-response clock: the customer's first message, or the moment the ticket
-- reached a queue (bots, menus and flows handed over) when that came later, never after the answer.
CREATE OR REPLACE FUNCTION report_response_start(t tickets) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT least(greatest(t.first_customer_at, coalesce(t.entered_queue_at, t.first_customer_at)), t.first_response_at) $$;--> statement-breakpoint
-- The start of the wait: entering the queue, or the creation when it was accepted before any queue.
CREATE OR REPLACE FUNCTION report_wait_start(t tickets) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT CASE WHEN t.entered_queue_at <= t.accepted_at THEN t.entered_queue_at ELSE t.created_at END $$;--> statement-breakpoint
-- One ticket's events, each on the hour of the company's wall clock it happened in.
CREATE OR REPLACE FUNCTION report_ticket_rows(t tickets, zone text)
  RETURNS TABLE (hour timestamp, opened integer, closed integer, reopened integer,
    resolution_seconds numeric, resolution_business_seconds numeric,
    handling_count integer, handling_seconds numeric, handling_business_seconds numeric,
    first_response_count integer, first_response_seconds numeric, first_response_business_seconds numeric,
    wait_count integer, wait_seconds numeric, wait_business_seconds numeric,
    rating_count integer, rating_sum integer, rating_1 integer, rating_2 integer, rating_3 integer)
  LANGUAGE sql STABLE
  AS $$
  SELECT e.hour, sum(e.opened)::int, sum(e.closed)::int, sum(e.reopened)::int,
    sum(e.rs), sum(e.rbs), sum(e.hc)::int, sum(e.hs), sum(e.hbs), sum(e.fc)::int, sum(e.fs), sum(e.fbs),
    sum(e.wc)::int, sum(e.ws), sum(e.wbs), sum(e.rc)::int, sum(e.rsum)::int, sum(e.r1)::int, sum(e.r2)::int, sum(e.r3)::int
  FROM (
    SELECT date_trunc('hour', t.created_at AT TIME ZONE zone) AS hour, 1 AS opened, 0 AS closed, 0 AS reopened,
      0::numeric AS rs, 0::numeric AS rbs, 0 AS hc, 0::numeric AS hs, 0::numeric AS hbs, 0 AS fc, 0::numeric AS fs,
      0::numeric AS fbs, 0 AS wc, 0::numeric AS ws, 0::numeric AS wbs, 0 AS rc, 0 AS rsum, 0 AS r1, 0 AS r2, 0 AS r3
    UNION ALL
    SELECT date_trunc('hour', t.closed_at AT TIME ZONE zone), 0, 1, 0,
      extract(epoch FROM t.closed_at - t.created_at), coalesce(t.resolution_business_seconds, 0),
      (t.accepted_at IS NOT NULL)::int, coalesce(extract(epoch FROM t.closed_at - t.accepted_at), 0),
      coalesce(t.handling_business_seconds, 0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    WHERE t.closed_at IS NOT NULL
    UNION ALL
    SELECT date_trunc('hour', t.reopened_at AT TIME ZONE zone), 0, 0, t.reopen_count, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    WHERE t.reopened_at IS NOT NULL AND t.reopen_count > 0
    UNION ALL
    SELECT date_trunc('hour', t.first_response_at AT TIME ZONE zone), 0, 0, 0, 0, 0, 0, 0, 0, 1,
      extract(epoch FROM t.first_response_at - report_response_start(t)), coalesce(t.first_response_business_seconds, 0),
      0, 0, 0, 0, 0, 0, 0, 0
    WHERE t.first_response_at IS NOT NULL AND t.first_customer_at IS NOT NULL
    UNION ALL
    SELECT date_trunc('hour', t.accepted_at AT TIME ZONE zone), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      1, greatest(extract(epoch FROM t.accepted_at - report_wait_start(t)), 0), coalesce(t.wait_business_seconds, 0),
      0, 0, 0, 0, 0
    WHERE t.accepted_at IS NOT NULL
    UNION ALL
    SELECT date_trunc('hour', t.rated_at AT TIME ZONE zone), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      1, t.rating, (t.rating = 1)::int, (t.rating = 2)::int, (t.rating = 3)::int
    WHERE t.rated_at IS NOT NULL AND t.rating IS NOT NULL
  ) e
  GROUP BY e.hour
$$;--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) one ticket's contribution, under each of its tags too.
-- Taking back only updates rows, so a company being deleted (rows cascading away) is never written to.
CREATE OR REPLACE FUNCTION report_count(t tickets, sign integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := report_time_zone(t.company_id);
  q integer := coalesce(t.queue_id, 0);
  u integer := coalesce(t.user_id, 0);
  w integer := coalesce(t.whatsapp_id, 0);
BEGIN
  IF sign > 0 THEN
    INSERT INTO report_hours AS r (company_id, hour, queue_id, user_id, whatsapp_id, opened, closed, reopened,
      resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds,
      first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds,
      wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
    SELECT t.company_id, e.hour, q, u, w, e.opened, e.closed, e.reopened, e.resolution_seconds,
      e.resolution_business_seconds, e.handling_count, e.handling_seconds, e.handling_business_seconds,
      e.first_response_count, e.first_response_seconds, e.first_response_business_seconds, e.wait_count,
      e.wait_seconds, e.wait_business_seconds, e.rating_count, e.rating_sum, e.rating_1, e.rating_2, e.rating_3
    FROM report_ticket_rows(t, zone) e
    ON CONFLICT (company_id, hour, queue_id, user_id, whatsapp_id) DO UPDATE SET
      opened = r.opened + excluded.opened, closed = r.closed + excluded.closed, reopened = r.reopened + excluded.reopened,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
      resolution_business_seconds = r.resolution_business_seconds + excluded.resolution_business_seconds,
      handling_count = r.handling_count + excluded.handling_count,
      handling_seconds = r.handling_seconds + excluded.handling_seconds,
      handling_business_seconds = r.handling_business_seconds + excluded.handling_business_seconds,
      first_response_count = r.first_response_count + excluded.first_response_count,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      first_response_business_seconds = r.first_response_business_seconds + excluded.first_response_business_seconds,
      wait_count = r.wait_count + excluded.wait_count, wait_seconds = r.wait_seconds + excluded.wait_seconds,
      wait_business_seconds = r.wait_business_seconds + excluded.wait_business_seconds,
      rating_count = r.rating_count + excluded.rating_count, rating_sum = r.rating_sum + excluded.rating_sum,
      rating_1 = r.rating_1 + excluded.rating_1, rating_2 = r.rating_2 + excluded.rating_2, rating_3 = r.rating_3 + excluded.rating_3;
    INSERT INTO report_tag_hours AS r (company_id, hour, tag_id, queue_id, user_id, whatsapp_id, opened, closed, reopened,
      resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds,
      first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds,
      wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
    SELECT t.company_id, e.hour, g.tag_id, q, u, w, e.opened, e.closed, e.reopened, e.resolution_seconds,
      e.resolution_business_seconds, e.handling_count, e.handling_seconds, e.handling_business_seconds,
      e.first_response_count, e.first_response_seconds, e.first_response_business_seconds, e.wait_count,
      e.wait_seconds, e.wait_business_seconds, e.rating_count, e.rating_sum, e.rating_1, e.rating_2, e.rating_3
    FROM report_ticket_rows(t, zone) e CROSS JOIN (SELECT tag_id FROM ticket_tags WHERE ticket_id = t.id) g
    ON CONFLICT (company_id, hour, tag_id, queue_id, user_id, whatsapp_id) DO UPDATE SET
      opened = r.opened + excluded.opened, closed = r.closed + excluded.closed, reopened = r.reopened + excluded.reopened,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
      resolution_business_seconds = r.resolution_business_seconds + excluded.resolution_business_seconds,
      handling_count = r.handling_count + excluded.handling_count,
      handling_seconds = r.handling_seconds + excluded.handling_seconds,
      handling_business_seconds = r.handling_business_seconds + excluded.handling_business_seconds,
      first_response_count = r.first_response_count + excluded.first_response_count,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      first_response_business_seconds = r.first_response_business_seconds + excluded.first_response_business_seconds,
      wait_count = r.wait_count + excluded.wait_count, wait_seconds = r.wait_seconds + excluded.wait_seconds,
      wait_business_seconds = r.wait_business_seconds + excluded.wait_business_seconds,
      rating_count = r.rating_count + excluded.rating_count, rating_sum = r.rating_sum + excluded.rating_sum,
      rating_1 = r.rating_1 + excluded.rating_1, rating_2 = r.rating_2 + excluded.rating_2, rating_3 = r.rating_3 + excluded.rating_3;
  ELSE
    UPDATE report_hours r SET
      opened = r.opened - e.opened, closed = r.closed - e.closed, reopened = r.reopened - e.reopened,
      resolution_seconds = r.resolution_seconds - e.resolution_seconds,
      resolution_business_seconds = r.resolution_business_seconds - e.resolution_business_seconds,
      handling_count = r.handling_count - e.handling_count, handling_seconds = r.handling_seconds - e.handling_seconds,
      handling_business_seconds = r.handling_business_seconds - e.handling_business_seconds,
      first_response_count = r.first_response_count - e.first_response_count,
      first_response_seconds = r.first_response_seconds - e.first_response_seconds,
      first_response_business_seconds = r.first_response_business_seconds - e.first_response_business_seconds,
      wait_count = r.wait_count - e.wait_count, wait_seconds = r.wait_seconds - e.wait_seconds,
      wait_business_seconds = r.wait_business_seconds - e.wait_business_seconds,
      rating_count = r.rating_count - e.rating_count, rating_sum = r.rating_sum - e.rating_sum,
      rating_1 = r.rating_1 - e.rating_1, rating_2 = r.rating_2 - e.rating_2, rating_3 = r.rating_3 - e.rating_3
    FROM report_ticket_rows(t, zone) e
    WHERE r.company_id = t.company_id AND r.hour = e.hour AND r.queue_id = q AND r.user_id = u AND r.whatsapp_id = w;
    UPDATE report_tag_hours r SET
      opened = r.opened - e.opened, closed = r.closed - e.closed, reopened = r.reopened - e.reopened,
      resolution_seconds = r.resolution_seconds - e.resolution_seconds,
      resolution_business_seconds = r.resolution_business_seconds - e.resolution_business_seconds,
      handling_count = r.handling_count - e.handling_count, handling_seconds = r.handling_seconds - e.handling_seconds,
      handling_business_seconds = r.handling_business_seconds - e.handling_business_seconds,
      first_response_count = r.first_response_count - e.first_response_count,
      first_response_seconds = r.first_response_seconds - e.first_response_seconds,
      first_response_business_seconds = r.first_response_business_seconds - e.first_response_business_seconds,
      wait_count = r.wait_count - e.wait_count, wait_seconds = r.wait_seconds - e.wait_seconds,
      wait_business_seconds = r.wait_business_seconds - e.wait_business_seconds,
      rating_count = r.rating_count - e.rating_count, rating_sum = r.rating_sum - e.rating_sum,
      rating_1 = r.rating_1 - e.rating_1, rating_2 = r.rating_2 - e.rating_2, rating_3 = r.rating_3 - e.rating_3
    FROM report_ticket_rows(t, zone) e CROSS JOIN (SELECT tag_id FROM ticket_tags WHERE ticket_id = t.id) g
    WHERE r.company_id = t.company_id AND r.hour = e.hour AND r.tag_id = g.tag_id AND r.queue_id = q
      AND r.user_id = u AND r.whatsapp_id = w;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tickets_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_count(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_count(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named to sort before the foreign keys' cascade triggers ("RI_ConstraintTrigger_…"): a deleted
-- ticket takes back its tag rows while its ticket_tags still exist.
CREATE TRIGGER "A_tickets_report_rows" AFTER INSERT OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION report_tickets_changed();--> statement-breakpoint
-- Most ticket updates (a new message, unread counts) touch none of these and cost only the check.
CREATE TRIGGER tickets_report_changes AFTER UPDATE ON tickets
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.whatsapp_id IS DISTINCT FROM NEW.whatsapp_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.accepted_at IS DISTINCT FROM NEW.accepted_at
    OR OLD.closed_at IS DISTINCT FROM NEW.closed_at OR OLD.first_customer_at IS DISTINCT FROM NEW.first_customer_at
    OR OLD.entered_queue_at IS DISTINCT FROM NEW.entered_queue_at OR OLD.first_response_at IS DISTINCT FROM NEW.first_response_at
    OR OLD.reopen_count IS DISTINCT FROM NEW.reopen_count OR OLD.reopened_at IS DISTINCT FROM NEW.reopened_at
    OR OLD.rating IS DISTINCT FROM NEW.rating OR OLD.rated_at IS DISTINCT FROM NEW.rated_at
    OR OLD.first_response_business_seconds IS DISTINCT FROM NEW.first_response_business_seconds
    OR OLD.wait_business_seconds IS DISTINCT FROM NEW.wait_business_seconds
    OR OLD.resolution_business_seconds IS DISTINCT FROM NEW.resolution_business_seconds
    OR OLD.handling_business_seconds IS DISTINCT FROM NEW.handling_business_seconds)
  EXECUTE FUNCTION report_tickets_changed();--> statement-breakpoint
-- A tag put on or taken off a ticket adds or takes back the ticket's rows under that tag.
CREATE OR REPLACE FUNCTION report_ticket_tags_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  link ticket_tags := coalesce(NEW, OLD);
  t tickets;
  sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  zone text;
BEGIN
  SELECT * INTO t FROM tickets WHERE id = link.ticket_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  zone := report_time_zone(t.company_id);
  IF sign > 0 THEN
    INSERT INTO report_tag_hours AS r (company_id, hour, tag_id, queue_id, user_id, whatsapp_id, opened, closed, reopened,
      resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds,
      first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds,
      wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
    SELECT t.company_id, e.hour, link.tag_id, coalesce(t.queue_id, 0), coalesce(t.user_id, 0), coalesce(t.whatsapp_id, 0),
      e.opened, e.closed, e.reopened, e.resolution_seconds,
      e.resolution_business_seconds, e.handling_count, e.handling_seconds, e.handling_business_seconds,
      e.first_response_count, e.first_response_seconds, e.first_response_business_seconds, e.wait_count,
      e.wait_seconds, e.wait_business_seconds, e.rating_count, e.rating_sum, e.rating_1, e.rating_2, e.rating_3
    FROM report_ticket_rows(t, zone) e
    ON CONFLICT (company_id, hour, tag_id, queue_id, user_id, whatsapp_id) DO UPDATE SET
      opened = r.opened + excluded.opened, closed = r.closed + excluded.closed, reopened = r.reopened + excluded.reopened,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
      resolution_business_seconds = r.resolution_business_seconds + excluded.resolution_business_seconds,
      handling_count = r.handling_count + excluded.handling_count,
      handling_seconds = r.handling_seconds + excluded.handling_seconds,
      handling_business_seconds = r.handling_business_seconds + excluded.handling_business_seconds,
      first_response_count = r.first_response_count + excluded.first_response_count,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      first_response_business_seconds = r.first_response_business_seconds + excluded.first_response_business_seconds,
      wait_count = r.wait_count + excluded.wait_count, wait_seconds = r.wait_seconds + excluded.wait_seconds,
      wait_business_seconds = r.wait_business_seconds + excluded.wait_business_seconds,
      rating_count = r.rating_count + excluded.rating_count, rating_sum = r.rating_sum + excluded.rating_sum,
      rating_1 = r.rating_1 + excluded.rating_1, rating_2 = r.rating_2 + excluded.rating_2, rating_3 = r.rating_3 + excluded.rating_3;
  ELSE
    UPDATE report_tag_hours r SET
      opened = r.opened - e.opened, closed = r.closed - e.closed, reopened = r.reopened - e.reopened,
      resolution_seconds = r.resolution_seconds - e.resolution_seconds,
      resolution_business_seconds = r.resolution_business_seconds - e.resolution_business_seconds,
      handling_count = r.handling_count - e.handling_count, handling_seconds = r.handling_seconds - e.handling_seconds,
      handling_business_seconds = r.handling_business_seconds - e.handling_business_seconds,
      first_response_count = r.first_response_count - e.first_response_count,
      first_response_seconds = r.first_response_seconds - e.first_response_seconds,
      first_response_business_seconds = r.first_response_business_seconds - e.first_response_business_seconds,
      wait_count = r.wait_count - e.wait_count, wait_seconds = r.wait_seconds - e.wait_seconds,
      wait_business_seconds = r.wait_business_seconds - e.wait_business_seconds,
      rating_count = r.rating_count - e.rating_count, rating_sum = r.rating_sum - e.rating_sum,
      rating_1 = r.rating_1 - e.rating_1, rating_2 = r.rating_2 - e.rating_2, rating_3 = r.rating_3 - e.rating_3
    FROM report_ticket_rows(t, zone) e
    WHERE r.company_id = t.company_id AND r.hour = e.hour AND r.tag_id = link.tag_id
      AND r.queue_id = coalesce(t.queue_id, 0) AND r.user_id = coalesce(t.user_id, 0) AND r.whatsapp_id = coalesce(t.whatsapp_id, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ticket_tags_report_rows AFTER INSERT OR DELETE ON ticket_tags
  FOR EACH ROW EXECUTE FUNCTION report_ticket_tags_changed();--> statement-breakpoint
-- The rating becomes a fact of its ticket (one per ticket), so the ticket's rows carry it.
CREATE OR REPLACE FUNCTION report_rating_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE tickets SET rating = NULL, rated_at = NULL WHERE id = OLD.ticket_id;
  ELSE
    UPDATE tickets SET rating = NEW.rate, rated_at = NEW.created_at WHERE id = NEW.ticket_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ticket_ratings_report AFTER INSERT OR UPDATE OR DELETE ON ticket_ratings
  FOR EACH ROW EXECUTE FUNCTION report_rating_changed();--> statement-breakpoint
-- A message: the first customer message and the first attendant answer after it are stamped on
-- the ticket, and the message is counted in its hour under the ticket's attribution of the moment.
CREATE OR REPLACE FUNCTION report_message_written() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  t tickets;
BEGIN
  SELECT * INTO t FROM tickets WHERE id = NEW.ticket_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF NOT NEW.from_me THEN
    IF t.first_customer_at IS NULL THEN
      UPDATE tickets SET first_customer_at = NEW.created_at WHERE id = t.id;
    END IF;
  ELSIF NEW.user_id IS NOT NULL AND NOT NEW.is_system AND t.first_response_at IS NULL
    AND t.first_customer_at IS NOT NULL THEN
    UPDATE tickets SET first_response_at = greatest(NEW.created_at, t.first_customer_at) WHERE id = t.id;
  END IF;
  INSERT INTO report_hours AS r (company_id, hour, queue_id, user_id, whatsapp_id, messages_in, messages_out)
  VALUES (t.company_id, date_trunc('hour', NEW.created_at AT TIME ZONE report_time_zone(t.company_id)),
    coalesce(t.queue_id, 0), coalesce(t.user_id, 0), coalesce(t.whatsapp_id, 0),
    (NOT NEW.from_me)::int, NEW.from_me::int)
  ON CONFLICT (company_id, hour, queue_id, user_id, whatsapp_id) DO UPDATE SET
    messages_in = r.messages_in + excluded.messages_in, messages_out = r.messages_out + excluded.messages_out;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_report_rows AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION report_message_written();--> statement-breakpoint
-- The day rows follow the hour rows: each change of an hour row is applied to its day.
CREATE OR REPLACE FUNCTION report_hours_to_days() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE report_days SET
      opened = opened - OLD.opened,
      closed = closed - OLD.closed,
      reopened = reopened - OLD.reopened,
      resolution_seconds = resolution_seconds - OLD.resolution_seconds,
      resolution_business_seconds = resolution_business_seconds - OLD.resolution_business_seconds,
      handling_count = handling_count - OLD.handling_count,
      handling_seconds = handling_seconds - OLD.handling_seconds,
      handling_business_seconds = handling_business_seconds - OLD.handling_business_seconds,
      first_response_count = first_response_count - OLD.first_response_count,
      first_response_seconds = first_response_seconds - OLD.first_response_seconds,
      first_response_business_seconds = first_response_business_seconds - OLD.first_response_business_seconds,
      wait_count = wait_count - OLD.wait_count,
      wait_seconds = wait_seconds - OLD.wait_seconds,
      wait_business_seconds = wait_business_seconds - OLD.wait_business_seconds,
      rating_count = rating_count - OLD.rating_count,
      rating_sum = rating_sum - OLD.rating_sum,
      rating_1 = rating_1 - OLD.rating_1,
      rating_2 = rating_2 - OLD.rating_2,
      rating_3 = rating_3 - OLD.rating_3,
      messages_in = messages_in - OLD.messages_in,
      messages_out = messages_out - OLD.messages_out
    WHERE company_id = OLD.company_id AND day = OLD.hour::date AND queue_id = OLD.queue_id
      AND user_id = OLD.user_id AND whatsapp_id = OLD.whatsapp_id;
    RETURN NULL;
  END IF;
  INSERT INTO report_days AS d (company_id, day, queue_id, user_id, whatsapp_id, opened, closed, reopened, resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds, first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds, wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3, messages_in, messages_out)
  VALUES (NEW.company_id, NEW.hour::date, NEW.queue_id, NEW.user_id, NEW.whatsapp_id, NEW.opened - coalesce(OLD.opened, 0), NEW.closed - coalesce(OLD.closed, 0), NEW.reopened - coalesce(OLD.reopened, 0), NEW.resolution_seconds - coalesce(OLD.resolution_seconds, 0), NEW.resolution_business_seconds - coalesce(OLD.resolution_business_seconds, 0), NEW.handling_count - coalesce(OLD.handling_count, 0), NEW.handling_seconds - coalesce(OLD.handling_seconds, 0), NEW.handling_business_seconds - coalesce(OLD.handling_business_seconds, 0), NEW.first_response_count - coalesce(OLD.first_response_count, 0), NEW.first_response_seconds - coalesce(OLD.first_response_seconds, 0), NEW.first_response_business_seconds - coalesce(OLD.first_response_business_seconds, 0), NEW.wait_count - coalesce(OLD.wait_count, 0), NEW.wait_seconds - coalesce(OLD.wait_seconds, 0), NEW.wait_business_seconds - coalesce(OLD.wait_business_seconds, 0), NEW.rating_count - coalesce(OLD.rating_count, 0), NEW.rating_sum - coalesce(OLD.rating_sum, 0), NEW.rating_1 - coalesce(OLD.rating_1, 0), NEW.rating_2 - coalesce(OLD.rating_2, 0), NEW.rating_3 - coalesce(OLD.rating_3, 0), NEW.messages_in - coalesce(OLD.messages_in, 0), NEW.messages_out - coalesce(OLD.messages_out, 0))
  ON CONFLICT (company_id, day, queue_id, user_id, whatsapp_id) DO UPDATE SET
      opened = d.opened + excluded.opened,
      closed = d.closed + excluded.closed,
      reopened = d.reopened + excluded.reopened,
      resolution_seconds = d.resolution_seconds + excluded.resolution_seconds,
      resolution_business_seconds = d.resolution_business_seconds + excluded.resolution_business_seconds,
      handling_count = d.handling_count + excluded.handling_count,
      handling_seconds = d.handling_seconds + excluded.handling_seconds,
      handling_business_seconds = d.handling_business_seconds + excluded.handling_business_seconds,
      first_response_count = d.first_response_count + excluded.first_response_count,
      first_response_seconds = d.first_response_seconds + excluded.first_response_seconds,
      first_response_business_seconds = d.first_response_business_seconds + excluded.first_response_business_seconds,
      wait_count = d.wait_count + excluded.wait_count,
      wait_seconds = d.wait_seconds + excluded.wait_seconds,
      wait_business_seconds = d.wait_business_seconds + excluded.wait_business_seconds,
      rating_count = d.rating_count + excluded.rating_count,
      rating_sum = d.rating_sum + excluded.rating_sum,
      rating_1 = d.rating_1 + excluded.rating_1,
      rating_2 = d.rating_2 + excluded.rating_2,
      rating_3 = d.rating_3 + excluded.rating_3,
      messages_in = d.messages_in + excluded.messages_in,
      messages_out = d.messages_out + excluded.messages_out;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_hours_days AFTER INSERT OR UPDATE OR DELETE ON report_hours
  FOR EACH ROW EXECUTE FUNCTION report_hours_to_days();
--> statement-breakpoint
-- A company's rows from its tickets and messages: after a time zone change, and once here.
CREATE OR REPLACE FUNCTION report_rebuild(company integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := report_time_zone(company);
BEGIN
  -- Bulk loads pause the ratings trigger: bring the ratings onto their tickets first (a no-op otherwise).
  UPDATE tickets t SET rating = r.rate, rated_at = r.created_at FROM ticket_ratings r
    WHERE r.ticket_id = t.id AND t.company_id = company
      AND (t.rating IS DISTINCT FROM r.rate OR t.rated_at IS DISTINCT FROM r.created_at);
  DELETE FROM report_hours WHERE company_id = company;
  DELETE FROM report_tag_hours WHERE company_id = company;
  INSERT INTO report_hours (company_id, hour, queue_id, user_id, whatsapp_id, opened, closed, reopened,
    resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds,
    first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds,
    wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3, messages_in, messages_out)
  SELECT company, x.hour, x.q, x.u, x.w, sum(x.opened), sum(x.closed), sum(x.reopened), sum(x.resolution_seconds),
    sum(x.resolution_business_seconds), sum(x.handling_count), sum(x.handling_seconds), sum(x.handling_business_seconds),
    sum(x.first_response_count), sum(x.first_response_seconds), sum(x.first_response_business_seconds),
    sum(x.wait_count), sum(x.wait_seconds), sum(x.wait_business_seconds), sum(x.rating_count), sum(x.rating_sum),
    sum(x.rating_1), sum(x.rating_2), sum(x.rating_3), sum(x.mi), sum(x.mo)
  FROM (
    SELECT e.*, coalesce(t.queue_id, 0) AS q, coalesce(t.user_id, 0) AS u, coalesce(t.whatsapp_id, 0) AS w, 0 AS mi, 0 AS mo
      FROM tickets t CROSS JOIN LATERAL report_ticket_rows(t, zone) e WHERE t.company_id = company
    UNION ALL
    SELECT date_trunc('hour', m.created_at AT TIME ZONE zone), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      coalesce(t.queue_id, 0), coalesce(t.user_id, 0), coalesce(t.whatsapp_id, 0), (NOT m.from_me)::int, m.from_me::int
      FROM messages m JOIN tickets t ON t.id = m.ticket_id WHERE m.company_id = company
  ) x
  GROUP BY x.hour, x.q, x.u, x.w;
  INSERT INTO report_tag_hours (company_id, hour, tag_id, queue_id, user_id, whatsapp_id, opened, closed, reopened,
    resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds,
    first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds,
    wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
  SELECT company, e.hour, g.tag_id, coalesce(t.queue_id, 0), coalesce(t.user_id, 0), coalesce(t.whatsapp_id, 0),
    sum(e.opened), sum(e.closed), sum(e.reopened), sum(e.resolution_seconds),
    sum(e.resolution_business_seconds), sum(e.handling_count), sum(e.handling_seconds), sum(e.handling_business_seconds),
    sum(e.first_response_count), sum(e.first_response_seconds), sum(e.first_response_business_seconds),
    sum(e.wait_count), sum(e.wait_seconds), sum(e.wait_business_seconds), sum(e.rating_count), sum(e.rating_sum),
    sum(e.rating_1), sum(e.rating_2), sum(e.rating_3)
  FROM tickets t JOIN ticket_tags g ON g.ticket_id = t.id CROSS JOIN LATERAL report_ticket_rows(t, zone) e
  WHERE t.company_id = company
  GROUP BY 2, 3, 4, 5, 6;
  -- The trigger kept the days while the hours were rewritten; recount them in one pass anyway.
  DELETE FROM report_days WHERE company_id = company;
  INSERT INTO report_days (company_id, day, queue_id, user_id, whatsapp_id, opened, closed, reopened, resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds, first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds, wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3, messages_in, messages_out)
  SELECT company_id, hour::date, queue_id, user_id, whatsapp_id, sum(opened), sum(closed), sum(reopened), sum(resolution_seconds), sum(resolution_business_seconds), sum(handling_count), sum(handling_seconds), sum(handling_business_seconds), sum(first_response_count), sum(first_response_seconds), sum(first_response_business_seconds), sum(wait_count), sum(wait_seconds), sum(wait_business_seconds), sum(rating_count), sum(rating_sum), sum(rating_1), sum(rating_2), sum(rating_3), sum(messages_in), sum(messages_out)
  FROM report_hours WHERE company_id = company GROUP BY 1, 2, 3, 4, 5;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_time_zone_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  company integer := coalesce(NEW.company_id, OLD.company_id);
BEGIN
  IF EXISTS (SELECT 1 FROM companies WHERE id = company) THEN PERFORM report_rebuild(company); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER settings_report_time_zone_set AFTER INSERT ON settings
  FOR EACH ROW WHEN (NEW.key = 'timezone')
  EXECUTE FUNCTION report_time_zone_changed();--> statement-breakpoint
CREATE TRIGGER settings_report_time_zone_changed AFTER UPDATE ON settings
  FOR EACH ROW WHEN (NEW.key = 'timezone' AND OLD.value IS DISTINCT FROM NEW.value)
  EXECUTE FUNCTION report_time_zone_changed();--> statement-breakpoint
CREATE TRIGGER settings_report_time_zone_unset AFTER DELETE ON settings
  FOR EACH ROW WHEN (OLD.key = 'timezone')
  EXECUTE FUNCTION report_time_zone_changed();--> statement-breakpoint
-- Existing data: every company's rows (the ratings were copied before the triggers existed).
SELECT report_rebuild(id) FROM companies;
