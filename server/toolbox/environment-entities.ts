/**
 * The entities of an environment as toolbox components see them (src/contract/toolbox-entities.ts):
 * read them all, write one (create or replace by key), delete one. NLU entities live in the NLU
 * tables; extraction modules and snippets in the environment's settings, which the caller loads once
 * (`EnvironmentState`) and saves once at the end of its transaction (`saveState`).
 */
import { insertionIndex } from '../../src/contract/environment-modules';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { componentEntitySchemas, entityKey, type ComponentEntity, type ComponentType } from '../../src/contract/toolbox-entities';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import type { EnvironmentSettings } from '../../src/contract/environments';
import { environments } from '../db/schema';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
import { readSettings } from '../environments/settings';
import { bumpRevision } from '../nlu/revision';
import type { Tx } from '../nlu/write';

export interface EnvironmentEntity {
  type: ComponentType;
  key: string;
  entity: ComponentEntity;
}

export interface EnvironmentState {
  environmentId: string;
  settings: EnvironmentSettings;
  settingsChanged: boolean;
  nluChanged: boolean;
}

export async function loadState(tx: Tx, environmentId: string): Promise<EnvironmentState> {
  const [row] = await tx.select({ settings: environments.settings }).from(environments).where(eq(environments.id, environmentId));
  return { environmentId, settings: readSettings(row?.settings), settingsChanged: false, nluChanged: false };
}

export async function saveState(tx: Tx, state: EnvironmentState): Promise<void> {
  if (state.settingsChanged) await tx.update(environments).set({ settings: state.settings }).where(eq(environments.id, state.environmentId));
  // Compiled NLU engines are keyed on the revision: a bump makes every process recompile.
  if (state.nluChanged) await bumpRevision(tx, state.environmentId);
}

const normalise = <T extends ComponentType>(type: T, raw: unknown): ComponentEntity<T> => componentEntitySchemas[type].parse(raw) as ComponentEntity<T>;

/** Every entity of the environment, by key. */
export async function readEntities(tx: Tx, state: EnvironmentState): Promise<Map<string, EnvironmentEntity>> {
  const envId = state.environmentId;
  const found = new Map<string, EnvironmentEntity>();
  const add = (type: ComponentType, raw: unknown) => {
    const entity = normalise(type, raw);
    const key = entityKey(type, entity as { name: string; context?: string });
    if (!found.has(key)) found.set(key, { type, key, entity });
  };
  const contexts = await tx.select().from(nluContexts).where(eq(nluContexts.environmentId, envId));
  for (const row of contexts) add('context', { name: row.name, languages: row.languages, neutralizers: row.neutralizers });
  for (const row of await tx.select().from(nluArchetypes).where(eq(nluArchetypes.environmentId, envId))) {
    add('archetype', { name: row.name, dictionaries: row.dictionaries, notes: row.notes });
  }
  for (const row of await tx.select().from(nluFunctions).where(eq(nluFunctions.environmentId, envId))) {
    const { id: _id, environmentId: _env, updatedAt: _at, ...input } = row;
    add('interaction_function', input);
  }
  const contextNames = new Map(contexts.map((row) => [row.id, row.name]));
  for (const row of await tx.select().from(nluInteractions).where(eq(nluInteractions.environmentId, envId))) {
    const { name, comment, enabled, ordered, distance, parameters, functions } = row;
    add('interaction', { context: contextNames.get(row.contextId) ?? '', name, comment, enabled, ordered, distance, parameters, functions });
  }
  for (const module of state.settings.modules) {
    if (module.type !== 'extraction') continue;
    const config = extractionConfigSchema.safeParse(module.config);
    if (!config.success) continue;
    add('extraction_module', { name: module.name, inputType: module.inputType, context: module.context, config: config.data });
    for (const snippet of config.data.snippets) add('extraction_snippet', snippet);
  }
  return found;
}

async function contextIdOf(tx: Tx, envId: string, name: string): Promise<string> {
  const [row] = await tx.select({ id: nluContexts.id }).from(nluContexts).where(and(eq(nluContexts.environmentId, envId), eq(nluContexts.name, name)));
  if (row !== undefined) return row.id;
  // An interaction synced without its context: the context is made, with the default languages.
  return writeContext(tx, envId, normalise('context', { name }));
}

/** A new context is linked to every server of the environment, so its interactions are analysed. */
async function writeContext(tx: Tx, envId: string, entity: ComponentEntity<'context'>): Promise<string> {
  const [existing] = await tx.select({ id: nluContexts.id }).from(nluContexts).where(and(eq(nluContexts.environmentId, envId), eq(nluContexts.name, entity.name)));
  if (existing !== undefined) {
    await tx.update(nluContexts).set({ ...entity, updatedAt: new Date() }).where(eq(nluContexts.id, existing.id));
    return existing.id;
  }
  const id = randomUUID();
  await tx.insert(nluContexts).values({ id, environmentId: envId, ...entity });
  for (const server of await tx.select().from(nluServers).where(eq(nluServers.environmentId, envId))) {
    if (!server.contexts.includes(entity.name)) await tx.update(nluServers).set({ contexts: [...server.contexts, entity.name] }).where(eq(nluServers.id, server.id));
  }
  return id;
}

/** Creates or replaces the entity of that key. */
export async function writeEntity(tx: Tx, state: EnvironmentState, type: ComponentType, raw: unknown): Promise<void> {
  const envId = state.environmentId;
  const now = new Date();
  if (type === 'context') {
    await writeContext(tx, envId, normalise('context', raw));
  } else if (type === 'archetype') {
    const entity = normalise('archetype', raw);
    await tx
      .insert(nluArchetypes)
      .values({ id: randomUUID(), environmentId: envId, ...entity })
      .onConflictDoUpdate({ target: [nluArchetypes.environmentId, nluArchetypes.name], set: { ...entity, updatedAt: now } });
  } else if (type === 'interaction_function') {
    const entity = normalise('interaction_function', raw);
    await tx
      .insert(nluFunctions)
      .values({ id: randomUUID(), environmentId: envId, ...entity })
      .onConflictDoUpdate({ target: [nluFunctions.environmentId, nluFunctions.name], set: { ...entity, updatedAt: now } });
  } else if (type === 'interaction') {
    const { context, ...entity } = normalise('interaction', raw);
    const contextId = await contextIdOf(tx, envId, context);
    await tx
      .insert(nluInteractions)
      .values({ id: randomUUID(), environmentId: envId, contextId, ...entity })
      .onConflictDoUpdate({ target: [nluInteractions.contextId, nluInteractions.name], set: { ...entity, updatedAt: now } });
  } else if (type === 'extraction_module') {
    writeExtractionModule(state, normalise('extraction_module', raw));
    return;
  } else {
    writeSnippet(state, normalise('extraction_snippet', raw));
    return;
  }
  state.nluChanged = true;
}

function writeExtractionModule(state: EnvironmentState, entity: ComponentEntity<'extraction_module'>): void {
  const modules = [...state.settings.modules];
  const index = modules.findIndex((module) => module.type === 'extraction' && module.name === entity.name);
  if (index >= 0) {
    modules[index] = { ...modules[index]!, inputType: entity.inputType, context: entity.context, config: entity.config };
  } else {
    const module = { id: `extraction-${randomUUID().slice(0, 8)}`, type: 'extraction' as const, name: entity.name, inputType: entity.inputType, context: entity.context, active: true, requiredTaints: [], config: entity.config };
    // In pipeline order, so its fields reach categorization and reply templates (the output stays last, §4).
    modules.splice(insertionIndex(modules, 'extraction'), 0, module);
  }
  state.settings = { ...state.settings, modules };
  state.settingsChanged = true;
}

/**
 * A snippet goes into every extraction module of the environment, so any field can name it; an
 * environment without one gets an "Extraction" module holding it (otherwise the sync would write
 * nothing and offer the snippet again each time).
 */
function writeSnippet(state: EnvironmentState, entity: ComponentEntity<'extraction_snippet'>): void {
  if (!state.settings.modules.some((module) => module.type === 'extraction')) {
    writeExtractionModule(state, { name: 'Extraction', inputType: null, context: null, config: extractionConfigSchema.parse({ snippets: [entity] }) });
    return;
  }
  state.settings = {
    ...state.settings,
    modules: state.settings.modules.map((module) => {
      const parsed = module.type === 'extraction' ? extractionConfigSchema.safeParse(module.config) : null;
      if (parsed === null || !parsed.success) return module;
      const config = parsed.data;
      const at = config.snippets.findIndex((snippet) => snippet.name === entity.name);
      const snippets = at < 0 ? [...config.snippets, entity] : config.snippets.map((snippet) => (snippet.name === entity.name ? entity : snippet));
      return { ...module, config: { ...config, snippets } };
    }),
  };
  state.settingsChanged = true;
}

export async function deleteEntity(tx: Tx, state: EnvironmentState, type: ComponentType, name: string, context?: string): Promise<void> {
  const envId = state.environmentId;
  if (type === 'archetype') await tx.delete(nluArchetypes).where(and(eq(nluArchetypes.environmentId, envId), eq(nluArchetypes.name, name)));
  else if (type === 'interaction_function') await tx.delete(nluFunctions).where(and(eq(nluFunctions.environmentId, envId), eq(nluFunctions.name, name)));
  else if (type === 'context') {
    await tx.delete(nluContexts).where(and(eq(nluContexts.environmentId, envId), eq(nluContexts.name, name)));
    for (const server of await tx.select().from(nluServers).where(eq(nluServers.environmentId, envId))) {
      if (server.contexts.includes(name)) await tx.update(nluServers).set({ contexts: server.contexts.filter((item) => item !== name) }).where(eq(nluServers.id, server.id));
    }
  } else if (type === 'interaction') {
    const [ctxRow] = await tx.select({ id: nluContexts.id }).from(nluContexts).where(and(eq(nluContexts.environmentId, envId), eq(nluContexts.name, context ?? '')));
    if (ctxRow !== undefined) await tx.delete(nluInteractions).where(and(eq(nluInteractions.contextId, ctxRow.id), eq(nluInteractions.name, name)));
  } else if (type === 'extraction_module') {
    state.settings = { ...state.settings, modules: state.settings.modules.filter((module) => !(module.type === 'extraction' && module.name === name)) };
    state.settingsChanged = true;
    return;
  } else {
    state.settings = {
      ...state.settings,
      modules: state.settings.modules.map((module) => {
        const parsed = module.type === 'extraction' ? extractionConfigSchema.safeParse(module.config) : null;
        if (parsed === null || !parsed.success) return module;
        return { ...module, config: { ...parsed.data, snippets: parsed.data.snippets.filter((snippet) => snippet.name !== name) } };
      }),
    };
    state.settingsChanged = true;
    return;
  }
  state.nluChanged = true;
}
