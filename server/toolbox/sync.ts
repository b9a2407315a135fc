/**
 * Synchronising a kit to an environment (§4 kit synchronisation). Each component of the
 * kit's tree is compared with the environment's entity of the same key:
 * - none → create;
 * - equal → unchanged (recorded as coming from the kit);
 * - different, but the environment still holds what the last sync wrote → update;
 * - different otherwise (changed in the environment, or never synced) → conflict, which the user
 *   resolves per component: take the kit's version or keep the environment's (then not recorded).
 * The sync row keeps the kit revision; a kit whose revision moved on is offered as an update.
 * Everything runs in one transaction per call.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { EnvironmentSync, SyncItem, SyncPreview } from '../../src/contract/toolbox-sync';
import { componentEntitySchemas, entityLabel, type ComponentType } from '../../src/contract/toolbox-entities';
import type { Database } from '../db/open';
import { toolboxKits, toolboxSyncedEntities, toolboxSyncs } from '../db/schema-toolbox';
import { HttpError } from '../http-error';
import type { Tx } from '../nlu/write';
import { deleteEntity, loadState, readEntities, saveState, writeEntity, type EnvironmentEntity } from './environment-entities';
import { fingerprint } from './fingerprint';
import { closureComponents, kitSummaries, type ComponentRow, type KitRow } from './kits';
import { firstUsage } from './usage';

interface Planned extends SyncItem {
  row: ComponentRow;
  entity: unknown;
}

async function syncRow(tx: Tx, environmentId: string, kitId: string) {
  const [row] = await tx.select().from(toolboxSyncs).where(and(eq(toolboxSyncs.environmentId, environmentId), eq(toolboxSyncs.kitId, kitId)));
  return row;
}

async function plan(tx: Tx, environmentId: string, kit: KitRow) {
  const state = await loadState(tx, environmentId);
  const current = await readEntities(tx, state);
  const sync = await syncRow(tx, environmentId, kit.id);
  const recorded = new Map(
    sync === undefined ? [] : (await tx.select().from(toolboxSyncedEntities).where(eq(toolboxSyncedEntities.syncId, sync.id))).map((row) => [row.entityKey, row.fingerprint]),
  );
  const items: Planned[] = (await closureComponents(tx, kit.id)).map((row) => {
    const entity = componentEntitySchemas[row.type].parse(row.entity);
    const existing = current.get(row.entityKey);
    const wanted = fingerprint(entity);
    const action: SyncItem['action'] =
      existing === undefined ? 'create'
      : fingerprint(existing.entity) === wanted ? 'unchanged'
      : recorded.get(row.entityKey) === fingerprint(existing.entity) ? 'update'
      : 'conflict';
    return { componentId: row.id, type: row.type, name: entityLabel(row.type, entity as { name: string; context?: string }), action, row, entity };
  });
  return { state, sync, items };
}

export async function previewSync(db: Database, environmentId: string, kit: KitRow): Promise<SyncPreview> {
  return db.transaction(async (tx) => {
    const { sync, items } = await plan(tx, environmentId, kit);
    const [summary] = await kitSummaries(tx, [kit]);
    return { kit: summary!, syncedRevision: sync?.revision ?? null, items: items.map(({ row: _row, entity: _entity, ...item }) => item) };
  });
}

export async function applySync(db: Database, environmentId: string, kit: KitRow, resolutions: Record<string, 'kit' | 'environment'>): Promise<void> {
  await db.transaction(async (tx) => {
    const { state, sync, items } = await plan(tx, environmentId, kit);
    const unresolved = items.filter((item) => item.action === 'conflict' && resolutions[item.componentId] === undefined);
    if (unresolved.length > 0) {
      throw new HttpError(409, {
        message: `Choose a version for: ${unresolved.map((item) => item.name).join(', ')}`,
        code: 'toolboxConflictUnresolved',
        params: { names: unresolved.map((item) => item.name).join(', ') },
      });
    }
    const kept = items.filter((item) => !(item.action === 'conflict' && resolutions[item.componentId] === 'environment'));
    for (const item of kept) if (item.action !== 'unchanged') await writeEntity(tx, state, item.type, item.entity);
    await saveState(tx, state);
    const syncId = sync?.id ?? randomUUID();
    if (sync === undefined) await tx.insert(toolboxSyncs).values({ id: syncId, environmentId, kitId: kit.id, revision: kit.revision });
    else await tx.update(toolboxSyncs).set({ revision: kit.revision, syncedAt: new Date() }).where(eq(toolboxSyncs.id, syncId));
    await tx.delete(toolboxSyncedEntities).where(eq(toolboxSyncedEntities.syncId, syncId));
    if (kept.length > 0) {
      await tx.insert(toolboxSyncedEntities).values(
        kept.map((item) => ({ syncId, componentId: item.componentId, type: item.type, entityKey: item.row.entityKey, name: item.name, fingerprint: fingerprint(item.entity) })),
      );
    }
  });
}

function notSynced(): HttpError {
  return new HttpError(404, { message: 'The environment is not synced to this kit', code: 'toolboxNotSynced' });
}

/** Removes the sync; `delete` also deletes the entities it brought, unless the environment still uses one. */
export async function removeSync(db: Database, environmentId: string, kitId: string, mode: 'keep' | 'delete'): Promise<{ type: ComponentType; name: string }[]> {
  return db.transaction(async (tx) => {
    const sync = await syncRow(tx, environmentId, kitId);
    if (sync === undefined) throw notSynced();
    const records = await tx.select().from(toolboxSyncedEntities).where(eq(toolboxSyncedEntities.syncId, sync.id));
    await tx.delete(toolboxSyncs).where(eq(toolboxSyncs.id, sync.id));
    if (mode === 'keep') return [];
    const state = await loadState(tx, environmentId);
    const all = await readEntities(tx, state);
    const doomed = records.map((record) => all.get(record.entityKey)).filter((item): item is EnvironmentEntity => item !== undefined);
    const usage = firstUsage(doomed, all, state.settings);
    if (usage !== null) {
      throw new HttpError(409, {
        message: `"${usage.entity}" is still used by "${usage.usedBy}"; nothing was deleted`,
        code: 'toolboxEntityInUse',
        params: { entity: usage.entity, usedBy: usage.usedBy },
      });
    }
    // What refers to others goes first (interactions before their archetypes and contexts).
    for (const item of [...doomed].reverse()) {
      const entity = item.entity as { name: string; context?: string };
      await deleteEntity(tx, state, item.type, entity.name, entity.context);
    }
    await saveState(tx, state);
    return doomed.map((item) => ({ type: item.type, name: entityLabel(item.type, item.entity as { name: string; context?: string }) }));
  });
}

export async function environmentSyncs(db: Database, environmentId: string): Promise<EnvironmentSync[]> {
  const syncs = await db.select().from(toolboxSyncs).where(eq(toolboxSyncs.environmentId, environmentId));
  if (syncs.length === 0) return [];
  const kits = await db.select().from(toolboxKits).where(inArray(toolboxKits.id, syncs.map((sync) => sync.kitId)));
  const summaries = await kitSummaries(db, kits);
  const entities = await db.select().from(toolboxSyncedEntities).where(inArray(toolboxSyncedEntities.syncId, syncs.map((sync) => sync.id)));
  return syncs
    .map((sync) => {
      const kit = summaries.find((summary) => summary.id === sync.kitId)!;
      return {
        kit,
        syncedRevision: sync.revision,
        syncedAt: sync.syncedAt.toISOString(),
        updateAvailable: kit.revision !== sync.revision,
        entities: entities.filter((row) => row.syncId === sync.id).map((row) => ({ type: row.type, name: row.name })),
      };
    })
    .sort((a, b) => a.kit.name.localeCompare(b.kit.name));
}
