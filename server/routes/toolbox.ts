/**
 * Toolbox kits and components (contract src/contract/toolbox.ts). Reads for members, writes
 * for those `mayEditToolbox` names (server/toolbox/edit-rights.ts); every write bumps the revision of
 * the kit and of the kits above it, in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createComponent,
  createKit,
  deleteComponent,
  deleteKit,
  getComponent,
  getKit,
  listKits,
  updateComponent,
  updateKit,
  type Component,
  type ComponentInput,
} from '../../src/contract/toolbox';
import { componentEntitySchemas, entityKey, entityLabel } from '../../src/contract/toolbox-entities';
import { auditTarget } from '../audit';
import type { ServerContext } from '../context';
import { toolboxComponents, toolboxKitChildren, toolboxKits, toolboxSyncs } from '../db/schema-toolbox';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http-error';
import { editForbidden, isProviderStaff, mayEditKit, mayEditToolbox, publishForbidden } from '../toolbox/edit-rights';
import { ancestorsOf, assertNoCycle, bumpKit, componentSummary, kitSummaries, kitTree, toolboxNotFound, visibleKit, visibleTo, type ComponentRow } from '../toolbox/kits';
import { registerEndpoint } from './register';

function nameTaken(name: string): HttpError {
  return new HttpError(409, { message: `Name "${name}" is already used`, code: 'toolboxNameTaken', params: { name } });
}

async function uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export function registerToolboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const db = ctx.db;

  async function componentOf(orgaId: string, componentId: string): Promise<ComponentRow> {
    const [row] = await db.select().from(toolboxComponents).where(eq(toolboxComponents.id, componentId));
    if (row === undefined) throw toolboxNotFound('Component');
    await visibleKit(db, orgaId, row.kitId).catch(() => {
      throw toolboxNotFound('Component');
    });
    return row;
  }

  async function componentView(orgaId: string, row: ComponentRow, request: Parameters<typeof mayEditToolbox>[1]): Promise<Component> {
    const kit = await visibleKit(db, orgaId, row.kitId);
    const content = { type: row.type, entity: componentEntitySchemas[row.type].parse(row.entity) } as Component;
    return { ...componentSummary(row), ...content, kitName: kit.name, editable: await mayEditKit(ctx, request, orgaId, kit) };
  }

  /** The entity as the contract validated it, and its key and name in the kit. */
  function contentOf(body: ComponentInput) {
    const entity = componentEntitySchemas[body.type].parse(body.entity) as Record<string, unknown> & { name: string; context?: string };
    return { type: body.type, entity, entityKey: entityKey(body.type, entity), name: entityLabel(body.type, entity), notes: body.notes ?? '' };
  }

  registerEndpoint(app, ctx, listKits, async ({ params, query, request }) => {
    const search = query.search?.trim();
    const pattern = `%${search?.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db
      .select()
      .from(toolboxKits)
      .where(and(visibleTo(params.orgaId), search ? or(ilike(toolboxKits.name, pattern), ilike(toolboxKits.notes, pattern)) : undefined))
      .orderBy(asc(toolboxKits.name));
    return { kits: await kitSummaries(db, rows), editable: await mayEditToolbox(ctx, request, params.orgaId) };
  });

  registerEndpoint(app, ctx, createKit, async ({ params, body, request, reply }) => {
    if (!(await mayEditToolbox(ctx, request, params.orgaId))) throw editForbidden();
    if (body.published && !isProviderStaff(request)) throw publishForbidden();
    const id = randomUUID();
    const row = await uniqueName(body.name, () =>
      db.transaction(async (tx) => {
        for (const childId of body.childKitIds) await visibleKit(tx, params.orgaId, childId);
        const [inserted] = await tx.insert(toolboxKits).values({ id, organisationId: params.orgaId, name: body.name, notes: body.notes, published: body.published }).returning();
        if (body.childKitIds.length > 0) await tx.insert(toolboxKitChildren).values(body.childKitIds.map((childId) => ({ parentId: id, childId })));
        return inserted!;
      }),
    );
    auditTarget(request, { type: 'toolboxKit', id });
    reply.code(201);
    return (await kitSummaries(db, [row]))[0]!;
  });

  registerEndpoint(app, ctx, getKit, async ({ params, request }) => {
    const kit = await visibleKit(db, params.orgaId, params.kitId);
    const parentIds = await ancestorsOf(db, kit.id);
    const links = await db.select().from(toolboxKitChildren).where(eq(toolboxKitChildren.childId, kit.id));
    const direct = parentIds.filter((id) => links.some((link) => link.parentId === id));
    const parents = direct.length === 0 ? [] : await db.select().from(toolboxKits).where(and(inArray(toolboxKits.id, direct), visibleTo(params.orgaId)));
    const tree = await kitTree(db, kit.id);
    return { kit: tree.kit, tree, parents: await kitSummaries(db, parents), editable: await mayEditKit(ctx, request, params.orgaId, kit), canPublish: isProviderStaff(request) };
  });

  registerEndpoint(app, ctx, updateKit, async ({ params, body, request }) => {
    const kit = await visibleKit(db, params.orgaId, params.kitId);
    if (!(await mayEditKit(ctx, request, params.orgaId, kit))) throw editForbidden();
    if (body.published !== kit.published && !isProviderStaff(request)) throw publishForbidden();
    const row = await uniqueName(body.name, () =>
      db.transaction(async (tx) => {
        for (const childId of body.childKitIds) await visibleKit(tx, params.orgaId, childId);
        await assertNoCycle(tx, kit.id, body.childKitIds, body.name);
        await tx.update(toolboxKits).set({ name: body.name, notes: body.notes, published: body.published }).where(eq(toolboxKits.id, kit.id));
        await tx.delete(toolboxKitChildren).where(eq(toolboxKitChildren.parentId, kit.id));
        if (body.childKitIds.length > 0) await tx.insert(toolboxKitChildren).values([...new Set(body.childKitIds)].map((childId) => ({ parentId: kit.id, childId })));
        await bumpKit(tx, kit.id);
        const [updated] = await tx.select().from(toolboxKits).where(eq(toolboxKits.id, kit.id));
        return updated!;
      }),
    );
    return (await kitSummaries(db, [row]))[0]!;
  });

  registerEndpoint(app, ctx, deleteKit, async ({ params, request }) => {
    const kit = await visibleKit(db, params.orgaId, params.kitId);
    if (!(await mayEditKit(ctx, request, params.orgaId, kit))) throw editForbidden();
    await db.transaction(async (tx) => {
      const syncs = await tx.select({ id: toolboxSyncs.id }).from(toolboxSyncs).where(eq(toolboxSyncs.kitId, kit.id));
      if (syncs.length > 0) {
        throw new HttpError(409, { message: `The kit is synced to ${syncs.length} environment(s); remove the syncs first`, code: 'toolboxKitSynced', params: { count: syncs.length } });
      }
      // Kits above lose these components: their environments are offered the update.
      for (const parent of await ancestorsOf(tx, kit.id)) await bumpKit(tx, parent);
      await tx.delete(toolboxKits).where(eq(toolboxKits.id, kit.id));
    });
  });

  registerEndpoint(app, ctx, getComponent, async ({ params, request }) => componentView(params.orgaId, await componentOf(params.orgaId, params.componentId), request));

  registerEndpoint(app, ctx, createComponent, async ({ params, body, request, reply }) => {
    const kit = await visibleKit(db, params.orgaId, body.kitId);
    if (!(await mayEditKit(ctx, request, params.orgaId, kit))) throw editForbidden();
    const content = contentOf(body);
    const id = randomUUID();
    const row = await uniqueName(content.name, () =>
      db.transaction(async (tx) => {
        const [inserted] = await tx.insert(toolboxComponents).values({ id, kitId: kit.id, ...content }).returning();
        await bumpKit(tx, kit.id);
        return inserted!;
      }),
    );
    auditTarget(request, { type: 'toolboxComponent', id });
    reply.code(201);
    return componentView(params.orgaId, row, request);
  });

  registerEndpoint(app, ctx, updateComponent, async ({ params, body, request }) => {
    const before = await componentOf(params.orgaId, params.componentId);
    const from = await visibleKit(db, params.orgaId, before.kitId);
    const to = await visibleKit(db, params.orgaId, body.kitId);
    if (!(await mayEditKit(ctx, request, params.orgaId, from)) || !(await mayEditKit(ctx, request, params.orgaId, to))) throw editForbidden();
    const content = contentOf(body);
    const row = await uniqueName(content.name, () =>
      db.transaction(async (tx) => {
        const [updated] = await tx.update(toolboxComponents).set({ kitId: to.id, ...content, updatedAt: new Date() }).where(eq(toolboxComponents.id, before.id)).returning();
        await bumpKit(tx, to.id);
        if (from.id !== to.id) await bumpKit(tx, from.id);
        return updated!;
      }),
    );
    return componentView(params.orgaId, row, request);
  });

  registerEndpoint(app, ctx, deleteComponent, async ({ params, request }) => {
    const row = await componentOf(params.orgaId, params.componentId);
    const kit = await visibleKit(db, params.orgaId, row.kitId);
    if (!(await mayEditKit(ctx, request, params.orgaId, kit))) throw editForbidden();
    await db.transaction(async (tx) => {
      await tx.delete(toolboxComponents).where(eq(toolboxComponents.id, row.id));
      await bumpKit(tx, kit.id);
    });
  });
}
