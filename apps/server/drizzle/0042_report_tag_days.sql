CREATE TABLE "report_tag_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "report_tag_days_company_id_day_tag_id_queue_id_user_id_whatsapp_id_pk" PRIMARY KEY("company_id","day","tag_id","queue_id","user_id","whatsapp_id")
);
--> statement-breakpoint
ALTER TABLE "report_tag_days" ADD CONSTRAINT "report_tag_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_tag_days_tag_idx" ON "report_tag_days" USING btree ("company_id","tag_id","day");--> statement-breakpoint
-- hand-written below
-- Existing data: the tag hours summed by date, before the trigger that keeps them exists.
INSERT INTO report_tag_days (company_id, day, tag_id, queue_id, user_id, whatsapp_id, opened, closed, reopened, resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds, first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds, wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
  SELECT company_id, hour::date, tag_id, queue_id, user_id, whatsapp_id, sum(opened), sum(closed), sum(reopened), sum(resolution_seconds), sum(resolution_business_seconds), sum(handling_count), sum(handling_seconds), sum(handling_business_seconds), sum(first_response_count), sum(first_response_seconds), sum(first_response_business_seconds), sum(wait_count), sum(wait_seconds), sum(wait_business_seconds), sum(rating_count), sum(rating_sum), sum(rating_1), sum(rating_2), sum(rating_3)
  FROM report_tag_hours GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- The tag day rows follow the tag hour rows, as report_days follows report_hours: each change of
-- an hour row is applied to its day (taking back only updates, so a cascading delete writes nothing).
CREATE OR REPLACE FUNCTION report_tag_hours_to_days() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- A rebuild recounts the days in one pass: row by row they would only leave dead rows behind.
  IF current_setting('wacrm.report_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE report_tag_days SET
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
      rating_3 = rating_3 - OLD.rating_3
    WHERE company_id = OLD.company_id AND day = OLD.hour::date AND tag_id = OLD.tag_id AND queue_id = OLD.queue_id
      AND user_id = OLD.user_id AND whatsapp_id = OLD.whatsapp_id;
    RETURN NULL;
  END IF;
  INSERT INTO report_tag_days AS d (company_id, day, tag_id, queue_id, user_id, whatsapp_id, opened, closed, reopened, resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds, first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds, wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
  VALUES (NEW.company_id, NEW.hour::date, NEW.tag_id, NEW.queue_id, NEW.user_id, NEW.whatsapp_id,
    NEW.opened - coalesce(OLD.opened, 0), NEW.closed - coalesce(OLD.closed, 0), NEW.reopened - coalesce(OLD.reopened, 0), NEW.resolution_seconds - coalesce(OLD.resolution_seconds, 0), NEW.resolution_business_seconds - coalesce(OLD.resolution_business_seconds, 0), NEW.handling_count - coalesce(OLD.handling_count, 0), NEW.handling_seconds - coalesce(OLD.handling_seconds, 0), NEW.handling_business_seconds - coalesce(OLD.handling_business_seconds, 0), NEW.first_response_count - coalesce(OLD.first_response_count, 0), NEW.first_response_seconds - coalesce(OLD.first_response_seconds, 0), NEW.first_response_business_seconds - coalesce(OLD.first_response_business_seconds, 0), NEW.wait_count - coalesce(OLD.wait_count, 0), NEW.wait_seconds - coalesce(OLD.wait_seconds, 0), NEW.wait_business_seconds - coalesce(OLD.wait_business_seconds, 0), NEW.rating_count - coalesce(OLD.rating_count, 0), NEW.rating_sum - coalesce(OLD.rating_sum, 0), NEW.rating_1 - coalesce(OLD.rating_1, 0), NEW.rating_2 - coalesce(OLD.rating_2, 0), NEW.rating_3 - coalesce(OLD.rating_3, 0))
  ON CONFLICT (company_id, day, tag_id, queue_id, user_id, whatsapp_id) DO UPDATE SET
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
      rating_3 = d.rating_3 + excluded.rating_3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER report_tag_hours_days AFTER INSERT OR UPDATE OR DELETE ON report_tag_hours
  FOR EACH ROW EXECUTE FUNCTION report_tag_hours_to_days();--> statement-breakpoint
-- A company's rows from its tickets and messages, now also its tag day rows. Written in time
-- order, as live events write them: a period's rows then sit on neighbouring pages, not one a page.
CREATE OR REPLACE FUNCTION report_rebuild(company integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := report_time_zone(company);
BEGIN
  PERFORM set_config('wacrm.report_rebuilding', 'on', true);
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
  GROUP BY x.hour, x.q, x.u, x.w
  ORDER BY x.hour;
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
  GROUP BY 2, 3, 4, 5, 6
  ORDER BY 2;
  -- The day triggers stood aside while the hours were rewritten (each hour row would have left a
  -- dead day row behind, hundreds of thousands after a large company's rebuild): count them in one pass.
  DELETE FROM report_days WHERE company_id = company;
  INSERT INTO report_days (company_id, day, queue_id, user_id, whatsapp_id, opened, closed, reopened, resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds, first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds, wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3, messages_in, messages_out)
  SELECT company_id, hour::date, queue_id, user_id, whatsapp_id, sum(opened), sum(closed), sum(reopened), sum(resolution_seconds), sum(resolution_business_seconds), sum(handling_count), sum(handling_seconds), sum(handling_business_seconds), sum(first_response_count), sum(first_response_seconds), sum(first_response_business_seconds), sum(wait_count), sum(wait_seconds), sum(wait_business_seconds), sum(rating_count), sum(rating_sum), sum(rating_1), sum(rating_2), sum(rating_3), sum(messages_in), sum(messages_out)
  FROM report_hours WHERE company_id = company GROUP BY 1, 2, 3, 4, 5 ORDER BY 2;
  DELETE FROM report_tag_days WHERE company_id = company;
  INSERT INTO report_tag_days (company_id, day, tag_id, queue_id, user_id, whatsapp_id, opened, closed, reopened, resolution_seconds, resolution_business_seconds, handling_count, handling_seconds, handling_business_seconds, first_response_count, first_response_seconds, first_response_business_seconds, wait_count, wait_seconds, wait_business_seconds, rating_count, rating_sum, rating_1, rating_2, rating_3)
  SELECT company_id, hour::date, tag_id, queue_id, user_id, whatsapp_id, sum(opened), sum(closed), sum(reopened), sum(resolution_seconds), sum(resolution_business_seconds), sum(handling_count), sum(handling_seconds), sum(handling_business_seconds), sum(first_response_count), sum(first_response_seconds), sum(first_response_business_seconds), sum(wait_count), sum(wait_seconds), sum(wait_business_seconds), sum(rating_count), sum(rating_sum), sum(rating_1), sum(rating_2), sum(rating_3)
  FROM report_tag_hours WHERE company_id = company GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2;
  PERFORM set_config('wacrm.report_rebuilding', '', true);
END $$;--> statement-breakpoint
-- The hour rows' day trigger, now standing aside during a rebuild.
CREATE OR REPLACE FUNCTION report_hours_to_days() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- A rebuild recounts the days in one pass: row by row they would only leave dead rows behind.
  IF current_setting('wacrm.report_rebuilding', true) = 'on' THEN RETURN NULL; END IF;
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
END $$;
