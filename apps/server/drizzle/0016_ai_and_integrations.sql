CREATE TABLE "bot_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"bot_key" varchar(40) NOT NULL,
	"session_id" text,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"prompt" text NOT NULL,
	"model" varchar(100) NOT NULL,
	"max_tokens" integer NOT NULL,
	"temperature" real NOT NULL,
	"api_key" text,
	"queue_id" integer NOT NULL,
	"max_messages" integer NOT NULL,
	"voice" varchar(60) DEFAULT 'texto' NOT NULL,
	"voice_key" text,
	"voice_region" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"project_name" varchar(200),
	"json_content" text,
	"language" varchar(10),
	"handover_intent" varchar(200),
	"url_n8n" text,
	"webhook_secret" text,
	"typebot_slug" varchar(200),
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_keyword_finish" varchar(100),
	"typebot_keyword_restart" varchar(100),
	"typebot_restart_message" text,
	"typebot_unknown_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_sessions_ticket_bot_idx" ON "bot_sessions" USING btree ("ticket_id","bot_key");--> statement-breakpoint
CREATE INDEX "prompts_company_idx" ON "prompts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "queue_integrations_company_idx" ON "queue_integrations" USING btree ("company_id","name");