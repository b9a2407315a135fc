CREATE TABLE "analysis_usage" (
	"analysis_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"project_id" text NOT NULL,
	"environment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cpu_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analysis_usage_organisation_created_idx" ON "analysis_usage" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_usage_environment_created_idx" ON "analysis_usage" USING btree ("environment_id","created_at");--> statement-breakpoint
-- Hand-added after generation: the ledger starts with every analysis that exists already.
INSERT INTO "analysis_usage" ("analysis_id", "organisation_id", "project_id", "environment_id", "created_at", "cpu_ms")
SELECT a."id", p."organisation_id", e."project_id", a."environment_id", a."created_at", a."cpu_ms"
FROM "analyses" a
JOIN "environments" e ON e."id" = a."environment_id"
JOIN "projects" p ON p."id" = e."project_id"
ON CONFLICT ("analysis_id") DO NOTHING;
