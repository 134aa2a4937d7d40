CREATE TABLE "node_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target" varchar(100) NOT NULL,
	"caller" varchar(100) NOT NULL,
	"command" varchar(100) NOT NULL,
	"args" jsonb NOT NULL,
	"reply" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea"
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sending_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "node_commands_created_idx" ON "node_commands" USING btree ("created_at");