-- A message locks its ticket's row before it counts itself in an hour row (docs/decisions/reports.md,
-- "Lock order"). Every write that moves a rollup then takes the ticket first and the rollup rows
-- after: two sends on one ticket, or a send beside an inbound message, wait for each other instead
-- of deadlocking (one had locked the hour row and then the ticket, the other the other way round).
-- The locked read also sees the newest stamps, so only one message is the ticket's first answer.
CREATE OR REPLACE FUNCTION report_message_written() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  t tickets;
BEGIN
  SELECT * INTO t FROM tickets WHERE id = NEW.ticket_id FOR NO KEY UPDATE;
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
END $$;
