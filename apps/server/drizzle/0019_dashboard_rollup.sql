CREATE TABLE "dashboard_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"talk_count" integer DEFAULT 0 NOT NULL,
	"talk_seconds" numeric DEFAULT '0' NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"wait_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_days_company_id_day_user_id_pk" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_days" ADD CONSTRAINT "dashboard_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The company's time zone as the settings reader answers it (the default is settings.ts's).
CREATE OR REPLACE FUNCTION dashboard_time_zone(company integer) RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce((SELECT value FROM settings WHERE company_id = company AND key = 'timezone'), 'America/Sao_Paulo') $$;--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) one ticket's contribution: created on its creation day,
-- finished (with talk time when it had been accepted) on its closing day, accepted (with its wait)
-- on its accepting day, each under its current attendant. Taking back only updates rows, so a
-- company being deleted (its rows cascading away) is never written to.
CREATE OR REPLACE FUNCTION dashboard_count(t tickets, sign integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := dashboard_time_zone(t.company_id);
  who integer := coalesce(t.user_id, 0);
  talked boolean := t.accepted_at IS NOT NULL;
BEGIN
  PERFORM dashboard_add(t.company_id, (t.created_at AT TIME ZONE zone)::date, who, sign, 1, 0, 0, 0, 0, 0);
  IF t.closed_at IS NOT NULL THEN
    PERFORM dashboard_add(t.company_id, (t.closed_at AT TIME ZONE zone)::date, who, sign,
      0, 1, talked::int, CASE WHEN talked THEN extract(epoch FROM t.closed_at - t.accepted_at) ELSE 0 END, 0, 0);
  END IF;
  IF talked THEN
    PERFORM dashboard_add(t.company_id, (t.accepted_at AT TIME ZONE zone)::date, who, sign,
      0, 0, 0, 0, 1, extract(epoch FROM t.accepted_at - t.created_at));
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_add(
  company integer, on_day date, who integer, sign integer,
  d_created integer, d_finished integer, d_talk_count integer, d_talk_seconds numeric,
  d_accepted integer, d_wait_seconds numeric
) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO dashboard_days AS d
      (company_id, day, user_id, created, finished, talk_count, talk_seconds, accepted, wait_seconds)
    VALUES (company, on_day, who, d_created, d_finished, d_talk_count, d_talk_seconds, d_accepted, d_wait_seconds)
    ON CONFLICT (company_id, day, user_id) DO UPDATE SET
      created = d.created + excluded.created,
      finished = d.finished + excluded.finished,
      talk_count = d.talk_count + excluded.talk_count,
      talk_seconds = d.talk_seconds + excluded.talk_seconds,
      accepted = d.accepted + excluded.accepted,
      wait_seconds = d.wait_seconds + excluded.wait_seconds;
  ELSE
    UPDATE dashboard_days SET
      created = created - d_created,
      finished = finished - d_finished,
      talk_count = talk_count - d_talk_count,
      talk_seconds = talk_seconds - d_talk_seconds,
      accepted = accepted - d_accepted,
      wait_seconds = wait_seconds - d_wait_seconds
    WHERE company_id = company AND day = on_day AND user_id = who;
  END IF;
END $$;--> statement-breakpoint
-- A company's rollup from its tickets: after a time zone change, and once here for existing data.
CREATE OR REPLACE FUNCTION dashboard_rebuild(company integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := dashboard_time_zone(company);
BEGIN
  DELETE FROM dashboard_days WHERE company_id = company;
  INSERT INTO dashboard_days (company_id, day, user_id, created, finished, talk_count, talk_seconds, accepted, wait_seconds)
  SELECT company, e.day, e.who, sum(e.created), sum(e.finished), sum(e.talk_count), sum(e.talk_seconds),
         sum(e.accepted), sum(e.wait_seconds)
  FROM (
    SELECT (created_at AT TIME ZONE zone)::date AS day, coalesce(user_id, 0) AS who,
           1 AS created, 0 AS finished, 0 AS talk_count, 0::numeric AS talk_seconds, 0 AS accepted, 0::numeric AS wait_seconds
      FROM tickets WHERE company_id = company
    UNION ALL
    SELECT (closed_at AT TIME ZONE zone)::date, coalesce(user_id, 0), 0, 1, (accepted_at IS NOT NULL)::int,
           coalesce(extract(epoch FROM closed_at - accepted_at), 0), 0, 0
      FROM tickets WHERE company_id = company AND closed_at IS NOT NULL
    UNION ALL
    SELECT (accepted_at AT TIME ZONE zone)::date, coalesce(user_id, 0), 0, 0, 0, 0, 1,
           extract(epoch FROM accepted_at - created_at)
      FROM tickets WHERE company_id = company AND accepted_at IS NOT NULL
  ) e
  GROUP BY e.day, e.who;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_tickets_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dashboard_count(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM dashboard_count(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_dashboard_rows AFTER INSERT OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION dashboard_tickets_changed();--> statement-breakpoint
-- Most ticket updates (a new message, unread counts) touch none of these: they cost nothing here.
CREATE TRIGGER tickets_dashboard_changes AFTER UPDATE OF company_id, user_id, created_at, accepted_at, closed_at ON tickets
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.accepted_at IS DISTINCT FROM NEW.accepted_at
    OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION dashboard_tickets_changed();--> statement-breakpoint
-- A company's days move with its time zone. Not for a company being deleted: its rows cascade away.
CREATE OR REPLACE FUNCTION dashboard_time_zone_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  company integer := coalesce(NEW.company_id, OLD.company_id);
BEGIN
  IF EXISTS (SELECT 1 FROM companies WHERE id = company) THEN PERFORM dashboard_rebuild(company); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER settings_dashboard_time_zone_set AFTER INSERT ON settings
  FOR EACH ROW WHEN (NEW.key = 'timezone')
  EXECUTE FUNCTION dashboard_time_zone_changed();--> statement-breakpoint
CREATE TRIGGER settings_dashboard_time_zone_changed AFTER UPDATE ON settings
  FOR EACH ROW WHEN (NEW.key = 'timezone' AND OLD.value IS DISTINCT FROM NEW.value)
  EXECUTE FUNCTION dashboard_time_zone_changed();--> statement-breakpoint
CREATE TRIGGER settings_dashboard_time_zone_unset AFTER DELETE ON settings
  FOR EACH ROW WHEN (OLD.key = 'timezone')
  EXECUTE FUNCTION dashboard_time_zone_changed();--> statement-breakpoint
SELECT dashboard_rebuild(id) FROM companies;
