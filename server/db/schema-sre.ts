/**
 * SRE reprocess batches (contract: src/contract/sre-analyses.ts; server/sre/reprocess.ts):
 * which analyses one reprocess call requeued, and into which run, so its progress can be followed.
 * No foreign key to the analyses: a deleted analysis leaves its item, counted as gone.
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './schema-shared';

export const reprocessBatches = pgTable('reprocess_batches', {
  id: text('id').primaryKey(),
  /** The SRE who asked (their user id); the audit log has the rest. */
  createdByUserId: text('created_by_user_id').notNull(),
  total: integer('total').notNull(),
  createdAt: createdAt(),
});

export const reprocessItems = pgTable(
  'reprocess_items',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => reprocessBatches.id, { onDelete: 'cascade' }),
    analysisId: text('analysis_id').notNull(),
    /** The run the batch started: a later reanalysis makes the item "gone" rather than miscounted. */
    run: integer('run').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.analysisId] }), index('reprocess_items_analysis_idx').on(t.analysisId)],
);
