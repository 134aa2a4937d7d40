ALTER TABLE "sla_policy_queues" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sla_policy_queues" CASCADE;--> statement-breakpoint
DROP INDEX "sla_policies_one_default";--> statement-breakpoint
ALTER TABLE "sla_policies" DROP COLUMN "is_default";