CREATE TABLE "self_service_projects" (
	"user_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"project_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "self_service_monthly_quota" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "self_service_projects" ADD CONSTRAINT "self_service_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_service_projects" ADD CONSTRAINT "self_service_projects_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_service_projects" ADD CONSTRAINT "self_service_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "self_service_projects_user_idx" ON "self_service_projects" USING btree ("user_id","organisation_id");