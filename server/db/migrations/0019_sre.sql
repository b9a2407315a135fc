CREATE TABLE "reprocess_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"created_by_user_id" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reprocess_items" (
	"batch_id" text NOT NULL,
	"analysis_id" text NOT NULL,
	"run" integer NOT NULL,
	CONSTRAINT "reprocess_items_batch_id_analysis_id_pk" PRIMARY KEY("batch_id","analysis_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reprocess_items" ADD CONSTRAINT "reprocess_items_batch_id_reprocess_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."reprocess_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reprocess_items_analysis_idx" ON "reprocess_items" USING btree ("analysis_id");--> statement-breakpoint
CREATE INDEX "analyses_created_idx" ON "analyses" USING btree ("created_at","id");