ALTER TABLE "campaigns" ADD COLUMN "template_name" varchar(512);--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_language" varchar(15);--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_variables" jsonb;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_name" varchar(512);--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_language" varchar(15);--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "template_variables" jsonb;