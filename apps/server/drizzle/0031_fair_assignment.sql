CREATE TABLE "ticket_assignment_turns" (
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_assignment_turns_queue_id_user_id_pk" PRIMARY KEY("queue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "assignment_mode" varchar(20) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "waiting_message" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "waiting_update_minutes" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "waiting_update_max" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waiting_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waiting_told_position" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waiting_updates_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ticket_capacity" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assignment_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pause_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_assignment_turns" ADD CONSTRAINT "ticket_assignment_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignment_turns" ADD CONSTRAINT "ticket_assignment_turns_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_assignment_turns" ADD CONSTRAINT "ticket_assignment_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_assignment_turns_company_idx" ON "ticket_assignment_turns" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "tickets_waiting_line_idx" ON "tickets" USING btree ("company_id","queue_id","queued_at","id") WHERE "tickets"."status" = 'pending' and "tickets"."user_id" is null;