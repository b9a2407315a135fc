/**
 * Kit queries shared by the toolbox routes and the sync: which kits an organisation sees, the tree
 * below a kit, the kits above it (their revision moves with it), cycle detection, and views.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ComponentSummary, KitSummary, KitTree } from '../../src/contract/toolbox';
import type { ComponentType } from '../../src/contract/toolbox-entities';
import type { Database } from '../db/open';
import { toolboxComponents, toolboxKitChildren, toolboxKits } from '../db/schema-toolbox';
import { HttpError } from '../http-error';

type Reader = Pick<Database, 'select' | 'update'>;
export type KitRow = typeof toolboxKits.$inferSelect;
export type ComponentRow = typeof toolboxComponents.$inferSelect;

export function toolboxNotFound(what: 'Kit' | 'Component'): HttpError {
  return new HttpError(404, { message: `${what} not found`, code: 'toolboxNotFound', params: { what } });
}

/** Kits an organisation sees: its own and the published ones. */
export const visibleTo = (organisationId: string) => or(eq(toolboxKits.organisationId, organisationId), eq(toolboxKits.published, true));

export async function visibleKit(db: Reader, organisationId: string, kitId: string): Promise<KitRow> {
  const [row] = await db.select().from(toolboxKits).where(and(eq(toolboxKits.id, kitId), visibleTo(organisationId)));
  if (row === undefined) throw toolboxNotFound('Kit');
  return row;
}

async function linked(db: Reader, start: string, direction: 'down' | 'up'): Promise<string[]> {
  const seen = new Set<string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const rows = await db
      .select()
      .from(toolboxKitChildren)
      .where(inArray(direction === 'down' ? toolboxKitChildren.parentId : toolboxKitChildren.childId, frontier));
    frontier = [];
    for (const row of rows) {
      const next = direction === 'down' ? row.childId : row.parentId;
      if (!seen.has(next) && next !== start) {
        seen.add(next);
        frontier.push(next);
      }
    }
  }
  return [...seen];
}

/** Every kit below `kitId`, nearest first. */
export const descendantsOf = (db: Reader, kitId: string) => linked(db, kitId, 'down');
export const ancestorsOf = (db: Reader, kitId: string) => linked(db, kitId, 'up');

/** Refuses child kits that would make `kitId` contain itself. */
export async function assertNoCycle(db: Reader, kitId: string, childIds: readonly string[], kitName: string): Promise<void> {
  for (const childId of childIds) {
    if (childId === kitId || (await descendantsOf(db, childId)).includes(kitId)) {
      throw new HttpError(409, { message: `Kit "${kitName}" would contain itself`, code: 'toolboxKitCycle', params: { kit: kitName } });
    }
  }
}

/** A change in a kit is a change of every kit that includes it: their environments see an update. */
export async function bumpKit(db: Reader, kitId: string): Promise<void> {
  const ids = [kitId, ...(await ancestorsOf(db, kitId))];
  await db
    .update(toolboxKits)
    .set({ revision: sql`${toolboxKits.revision} + 1`, updatedAt: new Date() })
    .where(inArray(toolboxKits.id, ids));
}

export async function kitSummaries(db: Reader, rows: KitRow[]): Promise<KitSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const components = await db
    .select({ kitId: toolboxComponents.kitId, count: sql<number>`count(*)::int` })
    .from(toolboxComponents)
    .where(inArray(toolboxComponents.kitId, ids))
    .groupBy(toolboxComponents.kitId);
  const children = await db
    .select({ kitId: toolboxKitChildren.parentId, count: sql<number>`count(*)::int` })
    .from(toolboxKitChildren)
    .where(inArray(toolboxKitChildren.parentId, ids))
    .groupBy(toolboxKitChildren.parentId);
  const countOf = (list: { kitId: string; count: number }[], id: string) => list.find((item) => item.kitId === id)?.count ?? 0;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    notes: row.notes,
    published: row.published,
    revision: row.revision,
    componentCount: countOf(components, row.id),
    childCount: countOf(children, row.id),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export function componentSummary(row: ComponentRow): ComponentSummary {
  return { id: row.id, kitId: row.kitId, type: row.type, name: row.name, notes: row.notes, updatedAt: row.updatedAt.toISOString() };
}

const TYPE_ORDER: Record<ComponentType, number> = { context: 0, archetype: 1, interaction_function: 2, interaction: 3, extraction_module: 4, extraction_snippet: 5 };
export const byTypeThenName = (a: ComponentRow, b: ComponentRow) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.name.localeCompare(b.name);

export async function kitTree(db: Reader, kitId: string, path: readonly string[] = []): Promise<KitTree> {
  const [row] = await db.select().from(toolboxKits).where(eq(toolboxKits.id, kitId));
  if (row === undefined) throw toolboxNotFound('Kit');
  const [kit] = await kitSummaries(db, [row]);
  const components = (await db.select().from(toolboxComponents).where(eq(toolboxComponents.kitId, kitId))).sort(byTypeThenName);
  const childIds = (await db.select().from(toolboxKitChildren).where(eq(toolboxKitChildren.parentId, kitId))).map((link) => link.childId);
  const children: KitTree[] = [];
  // Cycles are refused on write; the path guard only keeps a corrupted database from looping.
  for (const childId of childIds) if (!path.includes(childId)) children.push(await kitTree(db, childId, [...path, kitId]));
  children.sort((a, b) => a.kit.name.localeCompare(b.kit.name));
  return { kit: kit!, components: components.map(componentSummary), children };
}

/**
 * The components a sync writes: the kit's own, then its child kits' (nearest first). When two kits
 * of the tree hold an entity of the same key, the one nearer the top wins.
 */
export async function closureComponents(db: Reader, kitId: string): Promise<ComponentRow[]> {
  const kitIds = [kitId, ...(await descendantsOf(db, kitId))];
  const rows = await db.select().from(toolboxComponents).where(inArray(toolboxComponents.kitId, kitIds));
  const rank = new Map(kitIds.map((id, index) => [id, index]));
  rows.sort((a, b) => rank.get(a.kitId)! - rank.get(b.kitId)!);
  const byKey = new Map<string, ComponentRow>();
  for (const row of rows) if (!byKey.has(row.entityKey)) byKey.set(row.entityKey, row);
  return [...byKey.values()].sort(byTypeThenName);
}
