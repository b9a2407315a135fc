CREATE TABLE "reply_template_errors" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"analysis_id" text NOT NULL,
	"analysis_name" text NOT NULL,
	"template" text NOT NULL,
	"in_template" text NOT NULL,
	"line" integer,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_template_errors" ADD CONSTRAINT "reply_template_errors_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_template_errors_environment_created_idx" ON "reply_template_errors" USING btree ("environment_id","created_at");