/**
 * The revision of an environment's NLU configuration: +1 on every write (routes, import, environment
 * import), in the writer's transaction. Compiled engines are cached per revision (engine-cache.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { nluRevisions } from '../db/schema-nlu';

type Executor = Pick<Database, 'insert' | 'select'>;

export async function bumpRevision(db: Executor, environmentId: string): Promise<void> {
  await db
    .insert(nluRevisions)
    .values({ environmentId, revision: 1 })
    .onConflictDoUpdate({ target: nluRevisions.environmentId, set: { revision: sql`${nluRevisions.revision} + 1` } });
}

export async function readRevision(db: Executor, environmentId: string): Promise<number> {
  const [row] = await db.select({ revision: nluRevisions.revision }).from(nluRevisions).where(eq(nluRevisions.environmentId, environmentId));
  return row?.revision ?? 0;
}
