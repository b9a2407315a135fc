ALTER TABLE "analyses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || jsonb_path_query_array(metadata, '$.*')::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "analyses_environment_name_idx" ON "analyses" USING btree ("environment_id","name","id");--> statement-breakpoint
CREATE INDEX "analyses_name_trgm_idx" ON "analyses" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "analyses_search_trgm_idx" ON "analyses" USING gin ("search_text" gin_trgm_ops);