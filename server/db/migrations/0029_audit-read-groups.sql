ALTER TABLE "audit_logs" ADD COLUMN "calls" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "first_at" timestamp with time zone;