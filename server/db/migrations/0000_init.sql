CREATE TYPE "public"."access_profile" AS ENUM('configurator', 'qualifier', 'cockpit', 'noAccess');--> statement-breakpoint
CREATE TYPE "public"."admin_mode" AS ENUM('admin', 'notAdmin');--> statement-breakpoint
CREATE TYPE "public"."member_role" AS ENUM('ROLE_ORGANISATION_ADMIN', 'ROLE_PROJECT_ADMIN', 'ROLE_PROJECT_QUALIFIER', 'ROLE_PROJECT_VIEWER', 'ROLE_PROJECT_SELF_SERVICE', 'ROLE_PROVIDER_SRE', 'ROLE_PROVIDER_SUPPORT');--> statement-breakpoint
CREATE TYPE "public"."project_type" AS ENUM('IC', 'NLU');--> statement-breakpoint
CREATE TYPE "public"."provider_role" AS ENUM('sre', 'support');--> statement-breakpoint
CREATE TYPE "public"."environment_visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TABLE "environments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"visibility" "environment_visibility" DEFAULT 'public' NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "member_role" NOT NULL,
	"admin_mode" "admin_mode" DEFAULT 'notAdmin' NOT NULL,
	"guest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "members_admin_mode_matches_role" CHECK (("members"."role" = 'ROLE_ORGANISATION_ADMIN') = ("members"."admin_mode" = 'admin'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contract_start_date" date DEFAULT date_trunc('year', current_date)::date NOT NULL,
	"yearly_quota" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_permissions" (
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"project_id" text NOT NULL,
	"profile" "access_profile" NOT NULL,
	CONSTRAINT "project_permissions_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" varchar(50) NOT NULL,
	"type" "project_type" NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_organisation_id_unique" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"position" text,
	"password_hash" text,
	"password_expired" boolean DEFAULT false NOT NULL,
	"is_light" boolean DEFAULT false NOT NULL,
	"provider_role" "provider_role",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "environments" ADD CONSTRAINT "environments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_permissions" ADD CONSTRAINT "project_permissions_member_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."members"("organisation_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_permissions" ADD CONSTRAINT "project_permissions_project_fk" FOREIGN KEY ("organisation_id","project_id") REFERENCES "public"."projects"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "environments_project_name_unique" ON "environments" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_permissions_project_idx" ON "project_permissions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_organisation_idx" ON "projects" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));