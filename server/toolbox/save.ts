/**
 * "Save to toolbox" from an environment's entity screen: the entity is copied into a kit together
 * with what it refers to, so the kit works on its own when synced elsewhere — an interaction brings
 * its context, its parameters' archetypes and its functions; an archetype the archetypes its
 * dictionaries include (`[[name]]`); a context its neutralizers; an extraction module the
 * interactions its fields read. Components of the same key in the kit are replaced.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ComponentSummary } from '../../src/contract/toolbox';
import { entityKey, entityLabel, type ComponentEntity, type ComponentType } from '../../src/contract/toolbox-entities';
import type { Database } from '../db/open';
import { toolboxComponents } from '../db/schema-toolbox';
import { HttpError } from '../http-error';
import { loadState, readEntities, type EnvironmentEntity } from './environment-entities';
import { bumpKit, componentSummary } from './kits';

const INCLUDE = /\[\[([^\]]+)\]\]/g;

function references(item: EnvironmentEntity, all: Map<string, EnvironmentEntity>): EnvironmentEntity[] {
  const keys: string[] = [];
  if (item.type === 'interaction') {
    const entity = item.entity as ComponentEntity<'interaction'>;
    keys.push(`context:${entity.context}`, ...entity.parameters.map((parameter) => `archetype:${parameter.archetype}`), ...entity.functions.map((name) => `interaction_function:${name}`));
  } else if (item.type === 'archetype') {
    const entity = item.entity as ComponentEntity<'archetype'>;
    for (const text of Object.values(entity.dictionaries)) for (const match of (text ?? '').matchAll(INCLUDE)) keys.push(`archetype:${match[1]!.trim()}`);
  } else if (item.type === 'context') {
    keys.push(...(item.entity as ComponentEntity<'context'>).neutralizers.map((name) => `archetype:${name}`));
  } else if (item.type === 'extraction_module') {
    const interactions = new Set((item.entity as ComponentEntity<'extraction_module'>).config.fields.flatMap((field) => (field.source.type === 'nluParameter' ? [field.source.interaction] : [])));
    for (const candidate of all.values()) if (candidate.type === 'interaction' && interactions.has((candidate.entity as { name: string }).name)) keys.push(candidate.key);
  }
  return keys.map((key) => all.get(key)).filter((found): found is EnvironmentEntity => found !== undefined);
}

export async function saveToKit(
  db: Database,
  environmentId: string,
  kitId: string,
  wanted: { type: ComponentType; name: string; context?: string },
): Promise<ComponentSummary[]> {
  return db.transaction(async (tx) => {
    const all = await readEntities(tx, await loadState(tx, environmentId));
    const root = all.get(entityKey(wanted.type, wanted));
    if (root === undefined) {
      throw new HttpError(404, { message: `No ${wanted.type} "${wanted.name}" in this environment`, code: 'toolboxEntityNotFound', params: { type: wanted.type, name: wanted.name } });
    }
    const chosen = new Map<string, EnvironmentEntity>();
    const queue = [root];
    while (queue.length > 0) {
      const item = queue.shift()!;
      if (chosen.has(item.key)) continue;
      chosen.set(item.key, item);
      queue.push(...references(item, all));
    }
    const saved: ComponentSummary[] = [];
    for (const item of chosen.values()) {
      const name = entityLabel(item.type, item.entity as { name: string; context?: string });
      const [existing] = await tx.select().from(toolboxComponents).where(and(eq(toolboxComponents.kitId, kitId), eq(toolboxComponents.entityKey, item.key)));
      const entity = item.entity as Record<string, unknown>;
      const [row] =
        existing === undefined
          ? await tx.insert(toolboxComponents).values({ id: randomUUID(), kitId, type: item.type, entityKey: item.key, name, entity }).returning()
          : await tx.update(toolboxComponents).set({ entity, updatedAt: new Date() }).where(eq(toolboxComponents.id, existing.id)).returning();
      saved.push(componentSummary(row!));
    }
    await bumpKit(tx, kitId);
    return saved;
  });
}
