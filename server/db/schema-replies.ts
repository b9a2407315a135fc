/**
 * Reply templates' rendering errors (spec §2.4 Errors tab, §9 "the template error list shows
 * the latest 50 messages"). The templates themselves are configuration (`settings.replyTemplates`);
 * these rows are what happened in real analyses: kept per environment, the oldest beyond 50 removed
 * at each insert (server/replies/errors.ts). The analysis id is not a foreign key: the error stays
 * listed after its analysis is deleted, and the screen's link then says so.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NestedText } from '../../src/contract/pipeline-messages';
import { environments } from './schema-projects';

export const replyTemplateErrors = pgTable(
  'reply_template_errors',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    analysisId: text('analysis_id').notNull(),
    analysisName: text('analysis_name').notNull(),
    /** The template rendered (chosen for the analysis). */
    template: text('template').notNull(),
    /** The template the error is in (itself or one it includes) and the 1-based line there. */
    inTemplate: text('in_template').notNull(),
    line: integer('line'),
    /** The sandbox's code (syntax, runtime, timeLimit, ...) or `llm` for the language model's refusal. */
    code: text('code').notNull(),
    /** The English message, for logs and support. */
    message: text('message').notNull(),
    /** What the screen shows, translated there (src/contract/failure-reasons.ts); null on rows from before it was kept. */
    reason: jsonb('reason').$type<NestedText>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reply_template_errors_environment_created_idx').on(t.environmentId, t.createdAt)],
);
