CREATE TABLE "sla_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"policy_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"whatsapp_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"first_response_due_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"first_responded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"first_response_notified_at" timestamp with time zone,
	"resolution_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sla_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"first_response_seconds" integer,
	"resolution_seconds" integer,
	"business_hours" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_policy_queues" (
	"company_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "sla_policy_queues_queue_id_pk" PRIMARY KEY("queue_id")
);
--> statement-breakpoint
CREATE TABLE "sla_summary_sends" (
	"company_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_summary_sends_company_id_week_start_pk" PRIMARY KEY("company_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "sla_summary_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD CONSTRAINT "sla_cycles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD CONSTRAINT "sla_cycles_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD CONSTRAINT "sla_cycles_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD CONSTRAINT "sla_cycles_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD CONSTRAINT "sla_cycles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_cycles" ADD CONSTRAINT "sla_cycles_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy_queues" ADD CONSTRAINT "sla_policy_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy_queues" ADD CONSTRAINT "sla_policy_queues_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy_queues" ADD CONSTRAINT "sla_policy_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_summary_sends" ADD CONSTRAINT "sla_summary_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_summary_subscriptions" ADD CONSTRAINT "sla_summary_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_summary_subscriptions" ADD CONSTRAINT "sla_summary_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sla_cycles_open_ticket" ON "sla_cycles" USING btree ("ticket_id") WHERE "sla_cycles"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "sla_cycles_company_started_idx" ON "sla_cycles" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "sla_cycles_first_response_due_idx" ON "sla_cycles" USING btree ("first_response_due_at") WHERE "sla_cycles"."closed_at" is null and "sla_cycles"."first_responded_at" is null and "sla_cycles"."first_response_notified_at" is null;--> statement-breakpoint
CREATE INDEX "sla_cycles_resolution_due_idx" ON "sla_cycles" USING btree ("resolution_due_at") WHERE "sla_cycles"."closed_at" is null and "sla_cycles"."resolution_notified_at" is null;--> statement-breakpoint
CREATE INDEX "sla_policies_company_idx" ON "sla_policies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_policies_one_default" ON "sla_policies" USING btree ("company_id") WHERE "sla_policies"."is_default";--> statement-breakpoint
CREATE INDEX "sla_policy_queues_policy_idx" ON "sla_policy_queues" USING btree ("policy_id");