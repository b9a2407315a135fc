CREATE TYPE "public"."bank_message_source" AS ENUM('import', 'analysis', 'sampling');--> statement-breakpoint
CREATE TYPE "public"."bank_set_kind" AS ENUM('tags', 'manual');--> statement-breakpoint
CREATE TYPE "public"."bank_qualification_state" AS ENUM('qualified', 'partiallyQualified', 'notQualified');--> statement-breakpoint
CREATE TABLE "bank_message_files" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"role" "analysis_file_role" NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"input_type" "analysis_input_type" NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" "bank_message_source" NOT NULL,
	"source_analysis_id" text,
	"expected" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"qualification" "bank_qualification_state" DEFAULT 'notQualified' NOT NULL,
	"qualified_at" timestamp with time zone,
	"qualified_by_user_id" text,
	"file_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_set_messages" (
	"set_id" text NOT NULL,
	"message_id" text NOT NULL,
	CONSTRAINT "bank_set_messages_set_id_message_id_pk" PRIMARY KEY("set_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "bank_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" "bank_set_kind" NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_center_parameters" (
	"project_id" text PRIMARY KEY NOT NULL,
	"parameters" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_message_files" ADD CONSTRAINT "bank_message_files_message_id_bank_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."bank_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_messages" ADD CONSTRAINT "bank_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_set_messages" ADD CONSTRAINT "bank_set_messages_set_id_bank_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."bank_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_set_messages" ADD CONSTRAINT "bank_set_messages_message_id_bank_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."bank_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_sets" ADD CONSTRAINT "bank_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_center_parameters" ADD CONSTRAINT "testing_center_parameters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_message_files_message_idx" ON "bank_message_files" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "bank_messages_project_created_idx" ON "bank_messages" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_messages_project_state_created_idx" ON "bank_messages" USING btree ("project_id","qualification","created_at");--> statement-breakpoint
CREATE INDEX "bank_messages_project_input_created_idx" ON "bank_messages" USING btree ("project_id","input_type","created_at");--> statement-breakpoint
CREATE INDEX "bank_messages_tags_idx" ON "bank_messages" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "bank_messages_search_trgm_idx" ON "bank_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bank_messages_project_analysis_idx" ON "bank_messages" USING btree ("project_id","source_analysis_id");--> statement-breakpoint
CREATE INDEX "bank_set_messages_message_idx" ON "bank_set_messages" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_sets_project_name_unique" ON "bank_sets" USING btree ("project_id","name");