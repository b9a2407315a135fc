/**
 * The reply templates' error list (§2.4 Errors tab, §9 latest 50): written by the reply template step
 * when a render (or the language model) fails in a real analysis, read by the Errors tab.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { REPLY_LIMITS } from '../../src/contract/modules/reply-template';
import type { NestedText } from '../../src/contract/pipeline-messages';
import type { Database } from '../db/open';
import { replyTemplateErrors } from '../db/schema-replies';

export interface ReplyErrorInput {
  environmentId: string;
  analysisId: string;
  analysisName: string;
  template: string;
  inTemplate: string;
  line: number | null;
  code: string;
  message: string;
  reason: NestedText;
}

/** Adds the error and removes the environment's oldest beyond the 50 kept. */
export async function recordReplyError(db: Database, error: ReplyErrorInput): Promise<void> {
  await db.insert(replyTemplateErrors).values({ id: randomUUID(), ...error, message: error.message.slice(0, 2000) });
  const stale = await db
    .select({ id: replyTemplateErrors.id })
    .from(replyTemplateErrors)
    .where(eq(replyTemplateErrors.environmentId, error.environmentId))
    .orderBy(desc(replyTemplateErrors.createdAt), desc(replyTemplateErrors.id))
    .offset(REPLY_LIMITS.errorsKept);
  if (stale.length > 0) {
    await db.delete(replyTemplateErrors).where(and(eq(replyTemplateErrors.environmentId, error.environmentId), inArray(replyTemplateErrors.id, stale.map((row) => row.id))));
  }
}

/** The environment's latest errors, newest first. */
export async function listReplyErrors(db: Database, environmentId: string) {
  const rows = await db
    .select()
    .from(replyTemplateErrors)
    .where(eq(replyTemplateErrors.environmentId, environmentId))
    .orderBy(desc(replyTemplateErrors.createdAt), desc(replyTemplateErrors.id))
    .limit(REPLY_LIMITS.errorsKept);
  return rows.map(({ environmentId: _environmentId, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
}
