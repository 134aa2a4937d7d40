-- "Sent" means handed to WhatsApp: the hand-over time of an outbound message (null while it waits),
-- and the lookups from a message to the schedule or campaign record that sent it (live updates).
ALTER TABLE "messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_shippings_message_idx" ON "campaign_shippings" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "schedules_message_idx" ON "schedules" USING btree ("message_id");