CREATE TABLE "queue_turns" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_turns" ADD CONSTRAINT "queue_turns_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;