CREATE TYPE "public"."analysis_file_role" AS ENUM('main', 'attachment');--> statement-breakpoint
CREATE TYPE "public"."analysis_input_type" AS ENUM('email', 'document', 'image', 'spreadsheet', 'text', 'audio', 'simulatedMail');--> statement-breakpoint
CREATE TYPE "public"."analysis_status" AS ENUM('waiting', 'pending', 'processed', 'error', 'aborted');--> statement-breakpoint
CREATE TYPE "public"."delivery_outcome" AS ENUM('scheduled', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "public"."trace_outcome" AS ENUM('success', 'error', 'skipped', 'aborted');--> statement-breakpoint
CREATE TABLE "analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"name" text NOT NULL,
	"status" "analysis_status" DEFAULT 'waiting' NOT NULL,
	"input_type" "analysis_input_type" NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_user_id" text,
	"created_by_key_id" text,
	"manual_final_status" boolean DEFAULT false NOT NULL,
	"awaiting_final_status" boolean DEFAULT false NOT NULL,
	"exchange_labels" jsonb,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"run" integer DEFAULT 1 NOT NULL,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	"claims" integer DEFAULT 0 NOT NULL,
	"cpu_ms" integer DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"anonymized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analysis_files" (
	"id" text PRIMARY KEY NOT NULL,
	"analysis_id" text NOT NULL,
	"role" "analysis_file_role" NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea"
);
--> statement-breakpoint
CREATE TABLE "analysis_trace" (
	"id" text PRIMARY KEY NOT NULL,
	"analysis_id" text NOT NULL,
	"run" integer NOT NULL,
	"step" integer NOT NULL,
	"module" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"outcome" "trace_outcome" NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"analysis_id" text NOT NULL,
	"webhook_id" text,
	"url" text NOT NULL,
	"type" "webhook_type" NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" "delivery_outcome" DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb,
	"http_status" integer,
	"delivered_at" timestamp with time zone,
	"error_at" timestamp with time zone,
	"error" text,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_files" ADD CONSTRAINT "analysis_files_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_trace" ADD CONSTRAINT "analysis_trace_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_environment_created_idx" ON "analyses" USING btree ("environment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "analyses_environment_status_created_idx" ON "analyses" USING btree ("environment_id","status","created_at");--> statement-breakpoint
CREATE INDEX "analyses_queue_idx" ON "analyses" USING btree ("status","created_at") WHERE status in ('waiting', 'pending');--> statement-breakpoint
CREATE INDEX "analysis_files_analysis_idx" ON "analysis_files" USING btree ("analysis_id","position");--> statement-breakpoint
CREATE INDEX "analysis_trace_analysis_idx" ON "analysis_trace" USING btree ("analysis_id","run","step");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_analysis_idx" ON "webhook_deliveries" USING btree ("analysis_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("scheduled_at") WHERE outcome = 'scheduled';