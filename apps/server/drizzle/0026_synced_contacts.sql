CREATE TABLE "synced_contacts" (
	"whatsapp_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"jid" varchar(100) NOT NULL,
	"lid" varchar(100),
	"name" text,
	"notify" text,
	"verified_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "synced_contacts_whatsapp_id_jid_pk" PRIMARY KEY("whatsapp_id","jid")
);
--> statement-breakpoint
ALTER TABLE "synced_contacts" ADD CONSTRAINT "synced_contacts_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_contacts" ADD CONSTRAINT "synced_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "synced_contacts_lid_idx" ON "synced_contacts" USING btree ("whatsapp_id","lid");