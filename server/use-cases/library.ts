/**
 * The use-case library (contract src/contract/use-cases.ts): the three shipped templates —
 * their export file's settings with real categorization and extraction configurations, and their NLU
 * entities and server — and the published kits. Creating an environment from a template or a kit
 * writes the NLU entities through the same code as a kit sync (server/toolbox/environment-entities.ts).
 * Names people read are worded in the language of the request (the library's reader, the creator).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ENVIRONMENT_TEMPLATES, environmentSettingsSchema, type EnvironmentSettings, type EnvironmentTemplateId } from '../../src/contract/environments';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import { componentEntitySchemas, type ComponentContent, type ComponentEntity } from '../../src/contract/toolbox-entities';
import type { UseCase, UseCaseSummary } from '../../src/contract/use-cases';
import type { Database } from '../db/open';
import type { Language } from '../i18n/error-messages';
import { nluServers } from '../db/schema-nlu';
import { toolboxKits } from '../db/schema-toolbox';
import { environmentTemplate } from '../environments/templates';
import { newServerToken } from '../nlu/token';
import type { Tx } from '../nlu/write';
import { loadState, saveState, writeEntity } from '../toolbox/environment-entities';
import { closureComponents, visibleTo } from '../toolbox/kits';
import { applySync } from '../toolbox/sync';
import { sayIn, type UseCaseContent, type UseCaseWording } from './content';
import { insuranceMeeting } from './insurance-meeting';
import { retailQuotesAndOrders } from './retail-quotes-and-orders';
import { tourismAirlineMessages } from './tourism-airline-messages';

const CONTENT: Record<EnvironmentTemplateId, UseCaseWording> = {
  'insurance:meeting': insuranceMeeting,
  'tourism:airline-messages': tourismAirlineMessages,
  'retail:quotes-and-orders': retailQuotesAndOrders,
};

export function templateContent(id: EnvironmentTemplateId, language: Language): UseCaseContent {
  return CONTENT[id](sayIn(language));
}

/**
 * The template's settings in `language`: its modules named and configured (each configuration
 * checked by its module's schema), its categories described.
 */
export function templateSettings(id: EnvironmentTemplateId, language: Language): EnvironmentSettings {
  const settings = environmentTemplate(id).environment.settings;
  const { moduleNames, moduleConfigs, categories } = templateContent(id, language);
  const modules = settings.modules.map((module) => {
    const name = moduleNames[module.id];
    if (name === undefined) throw new Error(`Template ${id} does not name its module ${module.id}`);
    const config = moduleConfigs[module.id];
    if (config === undefined) return { ...module, name };
    const schema = module.type === 'categorization' ? categorizationConfigSchema : extractionConfigSchema;
    return { ...module, name, config: schema.parse(config) as Record<string, unknown> };
  });
  return environmentSettingsSchema.parse({ ...settings, modules, categories });
}

/** Writes NLU entities and a server analysing `contexts` into a new environment, in one transaction. */
export async function writeStarterNlu(tx: Tx, environmentId: string, nlu: readonly ComponentContent[], server: { name: string; contexts: string[] }): Promise<void> {
  // The server first: contexts written after it are linked to it.
  const [existing] = await tx.select({ id: nluServers.id }).from(nluServers).where(and(eq(nluServers.environmentId, environmentId), eq(nluServers.name, server.name)));
  if (existing === undefined) {
    await tx.insert(nluServers).values({ id: randomUUID(), environmentId, name: server.name, aiVersion: '5.0', defaultLanguage: 'fr', responseFormat: 'V5', contexts: server.contexts, token: newServerToken() });
  }
  const state = await loadState(tx, environmentId);
  for (const item of nlu) await writeEntity(tx, state, item.type, item.entity);
  state.nluChanged = true;
  await saveState(tx, state);
}

export async function applyTemplateNlu(db: Database, environmentId: string, id: EnvironmentTemplateId, language: Language): Promise<void> {
  const content = templateContent(id, language);
  await db.transaction((tx) => writeStarterNlu(tx, environmentId, content.nlu, content.server));
}

function summaryOf(settings: EnvironmentSettings, nlu: readonly ComponentContent[]): UseCaseSummary {
  const names = (type: ComponentContent['type']) => nlu.filter((item) => item.type === type).map((item) => (item.entity as { name: string }).name);
  const categories = settings.modules.flatMap((module) => (module.type === 'categorization' ? categorizationConfigSchema.parse(module.config).categories.map((category) => category.name) : []));
  const fields = settings.modules.flatMap((module) => (module.type === 'extraction' ? extractionConfigSchema.parse(module.config).fields.map((item) => item.name) : []));
  return {
    languages: settings.languages,
    modules: settings.modules.map((module) => ({ type: module.type, name: module.name })),
    categories: [...new Set(categories)],
    archetypes: names('archetype'),
    interactions: names('interaction'),
    extractionFields: [...new Set(fields)],
  };
}

export async function useCaseLibrary(db: Database, organisationId: string, language: Language): Promise<UseCase[]> {
  const templates: UseCase[] = ENVIRONMENT_TEMPLATES.map((id) => ({ kind: 'template', id, summary: summaryOf(templateSettings(id, language), templateContent(id, language).nlu) }));
  const kits = await db.select().from(toolboxKits).where(and(visibleTo(organisationId), eq(toolboxKits.published, true))).orderBy(toolboxKits.name);
  const kitCases: UseCase[] = [];
  for (const kit of kits) {
    const components = (await closureComponents(db, kit.id)).map((row) => ({ type: row.type, entity: componentEntitySchemas[row.type].parse(row.entity) }) as ComponentContent);
    const settings = kitEnvironmentSettings(components, language);
    const summary = summaryOf(settings, components);
    kitCases.push({ kind: 'kit', id: kit.id, name: kit.name, description: kit.notes, summary });
  }
  return [...templates, ...kitCases];
}

/** Creates a kit-based environment's NLU server, then syncs the kit into it (its syncs screen shows it). */
export async function applyKit(db: Database, environmentId: string, kit: typeof toolboxKits.$inferSelect): Promise<void> {
  await db.transaction((tx) => writeStarterNlu(tx, environmentId, [], { name: 'assistant', contexts: [] }));
  await applySync(db, environmentId, kit, {});
}

/** A kit-based environment starts with an extractor, an NLU module on the kit's first context, and an output module. */
export function kitEnvironmentSettings(components: readonly ComponentContent[], language: Language): EnvironmentSettings {
  const say = sayIn(language);
  const firstContext = components.find((item) => item.type === 'context')?.entity as ComponentEntity<'context'> | undefined;
  const extraction = components.filter((item) => item.type === 'extraction_module').map((item, index) => {
    const entity = item.entity as ComponentEntity<'extraction_module'>;
    return { id: `extraction-${index + 1}`, type: 'extraction' as const, name: entity.name, inputType: entity.inputType, context: entity.context, config: entity.config };
  });
  return environmentSettingsSchema.parse({
    languages: firstContext?.languages ?? ['fr'],
    modules: [
      { id: 'extractor', type: 'extractor', name: say('Extracteur', 'Extractor') },
      { id: 'nlu', type: 'nlu', name: 'NLU', context: firstContext?.name ?? null },
      ...extraction,
      { id: 'output', type: 'output', name: say('Sortie', 'Output'), config: { extractedData: true, nluOutput: true } },
    ],
  });
}
