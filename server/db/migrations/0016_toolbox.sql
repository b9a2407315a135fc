CREATE TABLE "toolbox_components" (
	"id" text PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"type" text NOT NULL,
	"entity_key" text NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"entity" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toolbox_kit_children" (
	"parent_id" text NOT NULL,
	"child_id" text NOT NULL,
	CONSTRAINT "toolbox_kit_children_parent_id_child_id_pk" PRIMARY KEY("parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "toolbox_kits" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toolbox_synced_entities" (
	"sync_id" text NOT NULL,
	"component_id" text NOT NULL,
	"type" text NOT NULL,
	"entity_key" text NOT NULL,
	"name" text NOT NULL,
	"fingerprint" text NOT NULL,
	CONSTRAINT "toolbox_synced_entities_sync_id_entity_key_pk" PRIMARY KEY("sync_id","entity_key")
);
--> statement-breakpoint
CREATE TABLE "toolbox_syncs" (
	"id" text PRIMARY KEY NOT NULL,
	"environment_id" text NOT NULL,
	"kit_id" text NOT NULL,
	"revision" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "toolbox_components" ADD CONSTRAINT "toolbox_components_kit_id_toolbox_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."toolbox_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_kit_children" ADD CONSTRAINT "toolbox_kit_children_parent_id_toolbox_kits_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."toolbox_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_kit_children" ADD CONSTRAINT "toolbox_kit_children_child_id_toolbox_kits_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."toolbox_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_kits" ADD CONSTRAINT "toolbox_kits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_synced_entities" ADD CONSTRAINT "toolbox_synced_entities_sync_id_toolbox_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."toolbox_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_syncs" ADD CONSTRAINT "toolbox_syncs_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toolbox_syncs" ADD CONSTRAINT "toolbox_syncs_kit_id_toolbox_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."toolbox_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "toolbox_components_kit_key_unique" ON "toolbox_components" USING btree ("kit_id","entity_key");--> statement-breakpoint
CREATE INDEX "toolbox_kit_children_child_idx" ON "toolbox_kit_children" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "toolbox_kits_organisation_name_unique" ON "toolbox_kits" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "toolbox_syncs_environment_kit_unique" ON "toolbox_syncs" USING btree ("environment_id","kit_id");