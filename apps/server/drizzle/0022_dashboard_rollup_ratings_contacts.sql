ALTER TABLE "dashboard_days" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_days" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dashboard_days" ADD COLUMN "new_contacts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Ratings (sum and count per attendant) and new contacts join the day rollup of migration 0019, so
-- a year's dashboard reads no rating or contact rows either. `dashboard_add` gains their deltas.
DROP FUNCTION dashboard_add(integer, date, integer, integer, integer, integer, integer, numeric, integer, numeric);--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_add(
  company integer, on_day date, who integer, sign integer,
  d_created integer, d_finished integer, d_talk_count integer, d_talk_seconds numeric,
  d_accepted integer, d_wait_seconds numeric,
  d_rating_sum integer DEFAULT 0, d_rating_count integer DEFAULT 0, d_new_contacts integer DEFAULT 0
) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO dashboard_days AS d
      (company_id, day, user_id, created, finished, talk_count, talk_seconds, accepted, wait_seconds,
       rating_sum, rating_count, new_contacts)
    VALUES (company, on_day, who, d_created, d_finished, d_talk_count, d_talk_seconds, d_accepted, d_wait_seconds,
       d_rating_sum, d_rating_count, d_new_contacts)
    ON CONFLICT (company_id, day, user_id) DO UPDATE SET
      created = d.created + excluded.created,
      finished = d.finished + excluded.finished,
      talk_count = d.talk_count + excluded.talk_count,
      talk_seconds = d.talk_seconds + excluded.talk_seconds,
      accepted = d.accepted + excluded.accepted,
      wait_seconds = d.wait_seconds + excluded.wait_seconds,
      rating_sum = d.rating_sum + excluded.rating_sum,
      rating_count = d.rating_count + excluded.rating_count,
      new_contacts = d.new_contacts + excluded.new_contacts;
  ELSE
    UPDATE dashboard_days SET
      created = created - d_created,
      finished = finished - d_finished,
      talk_count = talk_count - d_talk_count,
      talk_seconds = talk_seconds - d_talk_seconds,
      accepted = accepted - d_accepted,
      wait_seconds = wait_seconds - d_wait_seconds,
      rating_sum = rating_sum - d_rating_sum,
      rating_count = rating_count - d_rating_count,
      new_contacts = new_contacts - d_new_contacts
    WHERE company_id = company AND day = on_day AND user_id = who;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_ratings_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_add(OLD.company_id, (OLD.created_at AT TIME ZONE dashboard_time_zone(OLD.company_id))::date,
      coalesce(OLD.user_id, 0), -1, 0, 0, 0, 0, 0, 0, OLD.rate, 1, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_add(NEW.company_id, (NEW.created_at AT TIME ZONE dashboard_time_zone(NEW.company_id))::date,
      coalesce(NEW.user_id, 0), 1, 0, 0, 0, 0, 0, 0, NEW.rate, 1, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ticket_ratings_dashboard_rows AFTER INSERT OR DELETE ON ticket_ratings
  FOR EACH ROW EXECUTE FUNCTION dashboard_ratings_changed();--> statement-breakpoint
CREATE TRIGGER ticket_ratings_dashboard_changes AFTER UPDATE OF company_id, user_id, rate, created_at ON ticket_ratings
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.rate IS DISTINCT FROM NEW.rate OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION dashboard_ratings_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_contacts_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_add(OLD.company_id, (OLD.created_at AT TIME ZONE dashboard_time_zone(OLD.company_id))::date,
      0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_add(NEW.company_id, (NEW.created_at AT TIME ZONE dashboard_time_zone(NEW.company_id))::date,
      0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_dashboard_rows AFTER INSERT OR DELETE ON contacts
  FOR EACH ROW EXECUTE FUNCTION dashboard_contacts_changed();--> statement-breakpoint
CREATE TRIGGER contacts_dashboard_changes AFTER UPDATE OF company_id, created_at ON contacts
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION dashboard_contacts_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_rebuild(company integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := dashboard_time_zone(company);
BEGIN
  DELETE FROM dashboard_days WHERE company_id = company;
  INSERT INTO dashboard_days (company_id, day, user_id, created, finished, talk_count, talk_seconds, accepted,
                              wait_seconds, rating_sum, rating_count, new_contacts)
  SELECT company, e.day, e.who, sum(e.created), sum(e.finished), sum(e.talk_count), sum(e.talk_seconds),
         sum(e.accepted), sum(e.wait_seconds), sum(e.rating_sum), sum(e.rating_count), sum(e.new_contacts)
  FROM (
    SELECT (created_at AT TIME ZONE zone)::date AS day, coalesce(user_id, 0) AS who,
           1 AS created, 0 AS finished, 0 AS talk_count, 0::numeric AS talk_seconds, 0 AS accepted,
           0::numeric AS wait_seconds, 0 AS rating_sum, 0 AS rating_count, 0 AS new_contacts
      FROM tickets WHERE company_id = company
    UNION ALL
    SELECT (closed_at AT TIME ZONE zone)::date, coalesce(user_id, 0), 0, 1, (accepted_at IS NOT NULL)::int,
           coalesce(extract(epoch FROM closed_at - accepted_at), 0), 0, 0, 0, 0, 0
      FROM tickets WHERE company_id = company AND closed_at IS NOT NULL
    UNION ALL
    SELECT (accepted_at AT TIME ZONE zone)::date, coalesce(user_id, 0), 0, 0, 0, 0, 1,
           extract(epoch FROM accepted_at - created_at), 0, 0, 0
      FROM tickets WHERE company_id = company AND accepted_at IS NOT NULL
    UNION ALL
    SELECT (created_at AT TIME ZONE zone)::date, coalesce(user_id, 0), 0, 0, 0, 0, 0, 0, rate, 1, 0
      FROM ticket_ratings WHERE company_id = company
    UNION ALL
    SELECT (created_at AT TIME ZONE zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
      FROM contacts WHERE company_id = company
  ) e
  GROUP BY e.day, e.who;
END $$;--> statement-breakpoint
SELECT dashboard_rebuild(id) FROM companies;
