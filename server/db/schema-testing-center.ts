/**
 * The testing center's message bank (contract: src/contract/testing-center.ts). Test runs,
 * domain rules and metrics live in their own tables beside these (tc-runs).
 *
 * - bank_messages: one message of a project's bank, its tags, input type, where it came from, its
 *   expected values per classification kind (jsonb, `ExpectedValues`) and its qualification state,
 *   kept beside them so the bank filters on it with an index.
 * - bank_message_files: the original files, stored like analysis_files (bytea in the database, main
 *   file first), so a test run sends them through the pipeline exactly as an analysis would.
 * - bank_sets / bank_set_messages: named selections, by tags (membership computed at read time) or
 *   by hand (rows in bank_set_messages).
 * - testing_center_parameters: per project, the classification kinds' ignored and public/private flags.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  MESSAGE_SOURCES,
  QUALIFICATION_STATES,
  SET_KINDS,
  type ExpectedValues,
  type TestingCenterParameters,
} from '../../src/contract/testing-center';
import { analysisFileRoleEnum, analysisInputTypeEnum, createdAt } from './schema-shared';
import { projects } from './schema-projects';
import { bytea } from './schema-analyses';

export const qualificationStateEnum = pgEnum('bank_qualification_state', QUALIFICATION_STATES);
export const bankMessageSourceEnum = pgEnum('bank_message_source', MESSAGE_SOURCES);
export const bankSetKindEnum = pgEnum('bank_set_kind', SET_KINDS);

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const bankMessages = pgTable(
  'bank_messages',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The main file's name, or the analysis' name. */
    name: text('name').notNull(),
    inputType: analysisInputTypeEnum('input_type').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    source: bankMessageSourceEnum('source').notNull(),
    /** The analysis it was copied from ("add to testing center", sampling); no foreign key: it may be deleted. */
    sourceAnalysisId: text('source_analysis_id'),
    expected: jsonb('expected').$type<ExpectedValues>().notNull().default({}),
    qualification: qualificationStateEnum('qualification').notNull().default('notQualified'),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    qualifiedByUserId: text('qualified_by_user_id'),
    fileCount: integer('file_count').notNull().default(0),
    /**
     * What the bank's text search looks in: name, tags and file names, lower-cased. Written by the
     * server on every insert and tag change (server/testing-center/search-text.ts); a generated
     * column cannot hold it (array_to_string is not immutable). The trigram index serves `like '%term%'`.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list: newest first within a project, optionally by state or input type.
    index('bank_messages_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('bank_messages_project_state_created_idx').on(t.projectId, t.qualification, t.createdAt),
    index('bank_messages_project_input_created_idx').on(t.projectId, t.inputType, t.createdAt),
    // Tag filters and tag sets (`tags && array[...]`).
    index('bank_messages_tags_idx').using('gin', t.tags),
    index('bank_messages_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // "Already in the bank?" when adding an analysis or sampling.
    index('bank_messages_project_analysis_idx').on(t.projectId, t.sourceAnalysisId),
  ],
);

/** The original files of a bank message: the main file first (position 0), then the attachments. */
export const bankMessageFiles = pgTable(
  'bank_message_files',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => bankMessages.id, { onDelete: 'cascade' }),
    role: analysisFileRoleEnum('role').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('bank_message_files_message_idx').on(t.messageId, t.position)],
);

export const bankSets = pgTable(
  'bank_sets',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: bankSetKindEnum('kind').notNull(),
    /** kind tags: a message belongs to the set when it carries at least one of these. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_sets_project_name_unique').on(t.projectId, t.name)],
);

/** The messages of a manual set. */
export const bankSetMessages = pgTable(
  'bank_set_messages',
  {
    setId: text('set_id')
      .notNull()
      .references(() => bankSets.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => bankMessages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.setId, t.messageId] }), index('bank_set_messages_message_idx').on(t.messageId)],
);

/** §3 Classification kinds' flags per project; no row means the defaults (every kind counted and public). */
export const testingCenterParameters = pgTable('testing_center_parameters', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  parameters: jsonb('parameters').$type<TestingCenterParameters>().notNull(),
  updatedAt: updatedAt(),
});
