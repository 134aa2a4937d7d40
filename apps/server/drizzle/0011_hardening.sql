CREATE TABLE "inbound_dead_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer,
	"external_id" text NOT NULL,
	"reason" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "inbound_dead_letters" ADD CONSTRAINT "inbound_dead_letters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_dead_letters" ADD CONSTRAINT "inbound_dead_letters_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_dead_letters_company_idx" ON "inbound_dead_letters" USING btree ("company_id","id");