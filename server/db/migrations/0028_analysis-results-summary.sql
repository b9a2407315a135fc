-- What a user looks for first in an analysis (categories with why, extracted values, reply draft), kept
-- when a run ends. Analyses finished before this migration keep NULL: the API answers them empty, never
-- recomputed from old results. The GIN index serves the list's filter by category.
ALTER TABLE "analyses" ADD COLUMN "results_summary" jsonb;--> statement-breakpoint
CREATE INDEX "analyses_categories_idx" ON "analyses" USING gin (("results_summary" -> 'categories') jsonb_path_ops);