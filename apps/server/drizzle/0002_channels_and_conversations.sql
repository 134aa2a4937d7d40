CREATE TABLE "baileys_keys" (
	"whatsapp_id" integer NOT NULL,
	"category" varchar(40) NOT NULL,
	"key_id" varchar(200) NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baileys_keys_whatsapp_id_category_key_id_pk" PRIMARY KEY("whatsapp_id","category","key_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"number" varchar(100) NOT NULL,
	"email" varchar(200) DEFAULT '' NOT NULL,
	"profile_pic_url" text,
	"profile_pic_checked_at" timestamp with time zone,
	"is_group" boolean DEFAULT false NOT NULL,
	"extra_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whatsapp_id" integer,
	"disable_bot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"whatsapp_id" integer,
	"external_id" varchar(200),
	"body" text DEFAULT '' NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"ack" integer DEFAULT 0 NOT NULL,
	"failed" boolean DEFAULT false NOT NULL,
	"send_error" text,
	"media_type" varchar(30),
	"media_path" text,
	"media_name" text,
	"quoted_msg_id" bigint,
	"participant" varchar(100),
	"participant_name" varchar(200),
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"title" varchar(200) NOT NULL,
	"message" text,
	"option" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer,
	"queue_id" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"chatbot" boolean DEFAULT false NOT NULL,
	"queue_option_id" integer,
	"amount_used_bot_queues" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"integration_id" integer,
	"prompt_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_queues" (
	"whatsapp_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "whatsapp_queues_whatsapp_id_queue_id_pk" PRIMARY KEY("whatsapp_id","queue_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ALTER COLUMN "provider" SET DEFAULT 'baileys';--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "complation_message" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "out_of_hours_message" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "rating_message" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "token" varchar(100);--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "qrcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "number" varchar(50);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "token" varchar(100);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "greeting_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "complation_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "out_of_hours_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "rating_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "expires_inactive_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "expires_ticket" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "time_use_bot_queues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "max_use_bot_queues" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "time_to_transfer" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "transfer_queue_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "session_owner" varchar(100);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "session_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "baileys_keys" ADD CONSTRAINT "baileys_keys_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_quoted_msg_id_messages_id_fk" FOREIGN KEY ("quoted_msg_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_parent_id_queue_options_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."queue_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_option_id_queue_options_id_fk" FOREIGN KEY ("queue_option_id") REFERENCES "public"."queue_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_unique" ON "contacts" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_whatsapp_external_unique" ON "messages" USING btree ("whatsapp_id","external_id");--> statement-breakpoint
CREATE INDEX "messages_ticket_id_idx" ON "messages" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "messages_company_idx" ON "messages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "queue_options_queue_idx" ON "queue_options" USING btree ("queue_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_contact" ON "tickets" USING btree ("company_id","contact_id","whatsapp_id") WHERE "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_contact_idx" ON "tickets" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_transfer_queue_id_queues_id_fk" FOREIGN KEY ("transfer_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_name_unique" ON "queues" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_unique" ON "queues" USING btree ("company_id","color");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_company_name_unique" ON "whatsapps" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_token_unique" UNIQUE("token");