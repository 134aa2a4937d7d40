CREATE TABLE "sla_policy_claims" (
	"company_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"queue_id" integer,
	"priority" varchar(10),
	CONSTRAINT "sla_policy_claims_one_policy" UNIQUE NULLS NOT DISTINCT("company_id","queue_id","priority")
);
--> statement-breakpoint
ALTER TABLE "sla_policy_claims" ADD CONSTRAINT "sla_policy_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy_claims" ADD CONSTRAINT "sla_policy_claims_policy_id_sla_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sla_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policy_claims" ADD CONSTRAINT "sla_policy_claims_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_policy_claims_policy_idx" ON "sla_policy_claims" USING btree ("policy_id");--> statement-breakpoint
-- hand-written below
-- Every existing policy's claims: queues × priorities, a missing side being none. Two policies
-- without queues naming the same priority could only come from a race the service's check missed;
-- the one that matched first until now (name order) keeps the claim.
INSERT INTO "sla_policy_claims" ("company_id", "policy_id", "queue_id", "priority")
  SELECT p.company_id, p.id, q.queue_id, pr.priority
  FROM "sla_policies" p
  LEFT JOIN "sla_policy_queues" q ON q.policy_id = p.id
  LEFT JOIN LATERAL unnest(p.priorities) AS pr(priority) ON true
  ORDER BY lower(p.name), p.id, q.queue_id, pr.priority
  ON CONFLICT DO NOTHING;
