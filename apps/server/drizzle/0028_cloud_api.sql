ALTER TABLE "whatsapps" ADD COLUMN "status_detail" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_phone_number_id" varchar(50);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_waba_id" varchar(50);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_access_token" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_app_secret" varchar(200);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_verify_token" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "cloud_webhook_key" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_cloud_webhook_key_unique" UNIQUE("cloud_webhook_key");