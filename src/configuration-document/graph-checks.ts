/**
 * The graph visualiser's configuration problem checks (src/configuration-problems/) run on the
 * IDE's document, as a `DocumentChecker`: the document read as a configuration snapshot, each
 * problem placed on its entity's line. Two of its checks say what the §8 messages already say
 * (a context with no server, a rule testing a missing interaction) and are left to those.
 * The document carries the interaction functions (`nlu.functions`) and each interaction's list, so
 * the function checks run here too.
 */
import { archetypeReferences, configurationProblems, replyTemplateReferences, problemNodeKey, type ConfigurationProblem, type ConfigurationProblemCode } from '../configuration-problems';
import type { ConfigurationSnapshot } from '../contract/configuration-graph';
import { pipelineModules } from '../contract/pipeline-modules';
import type { ConfigurationDocument } from './document';
import type { CheckedProblem, DocumentChecker } from './problems';

const SAID_BY_MESSAGES: ReadonlySet<ConfigurationProblemCode> = new Set(['contextWithoutServer', 'ruleUnknownInteraction']);

type Nlu = ConfigurationDocument['nlu'];
type Item = Record<string, unknown>;
const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

export function snapshotOfDocument(document: ConfigurationDocument): ConfigurationSnapshot {
  const nlu: Nlu = document.nlu;
  const contexts = items(nlu.contexts);
  return {
    modules: [...pipelineModules(document.settings)],
    archetypes: items(nlu.archetypes).map((archetype) => {
      const texts = [...items(archetype.dict), ...items(archetype.regex)].map((part, index) => [String(index), String(part.dictionary ?? '')]);
      return { id: String(archetype.name), name: String(archetype.name), references: archetypeReferences(Object.fromEntries(texts)) };
    }),
    contexts: contexts.map((context) => ({ id: String(context.name), name: String(context.name), neutralizers: (context.neutralizers as string[] | undefined) ?? [] })),
    interactions: contexts.flatMap((context) =>
      items(context.interactions).map((interaction) => ({
        id: `${String(context.name)}/${String(interaction.id_interaction)}`,
        name: String(interaction.id_interaction),
        context: String(context.name),
        enabled: interaction.enabled !== false,
        parameters: Object.values((interaction.parameters ?? {}) as Record<string, Item>).map((parameter) => ({ name: String(parameter.id_parameter), archetype: String(parameter.archetype) })),
        functions: ((interaction.functions as string[] | undefined) ?? []).map(String),
      })),
    ),
    functions: items(nlu.functions).map((fn) => ({
      id: String(fn.name),
      name: String(fn.name),
      interactionToFind: typeof fn.interactionToFind === 'string' ? fn.interactionToFind : null,
    })),
    servers: items(nlu.servers).map((server) => ({ id: String(server.name), name: String(server.name), contexts: (server.contexts as string[] | undefined) ?? [] })),
    replyTemplates: replyTemplateReferences(document.settings.replyTemplates),
  };
}

/** Where an entity is written in the document. */
function pathOf(document: ConfigurationDocument, problem: ConfigurationProblem): (string | number)[] {
  const entity = problem.entity;
  const byName = (list: unknown, key: string, name: string) => items(list).findIndex((item) => item[key] === name);
  const contexts = items(document.nlu.contexts);
  switch (entity.kind) {
    case 'archetype':
      return ['nlu', 'archetypes', byName(document.nlu.archetypes, 'name', entity.name)];
    case 'context':
      return ['nlu', 'contexts', byName(contexts, 'name', entity.name)];
    case 'server':
      return ['nlu', 'servers', byName(document.nlu.servers, 'name', entity.name)];
    case 'interaction': {
      const context = byName(contexts, 'name', entity.context);
      return ['nlu', 'contexts', context, 'interactions', byName(contexts[context]?.interactions, 'id_interaction', entity.name)];
    }
    case 'function':
      return ['nlu', 'functions', byName(document.nlu.functions, 'name', entity.name)];
    default: {
      const moduleIndex = document.settings.modules.findIndex((module) => module.id === (entity.kind === 'module' ? entity.id : entity.moduleId));
      if (moduleIndex < 0) return ['settings', 'modules'];
      const base = ['settings', 'modules', moduleIndex];
      const config = document.settings.modules[moduleIndex]!.config;
      if (entity.kind === 'module') return base;
      if (entity.kind === 'extractionField') return [...base, 'config', 'fields', byName(config.fields, 'id', entity.id)];
      const categoryId = entity.kind === 'category' ? entity.id : entity.categoryId;
      const category = byName(config.categories, 'id', categoryId);
      if (entity.kind === 'category') return [...base, 'config', 'categories', category];
      return [...base, 'config', 'categories', category, 'rules', byName(items(config.categories)[category]?.rules, 'id', entity.id)];
    }
  }
}

export const graphProblemsChecker: DocumentChecker = (document) =>
  configurationProblems(snapshotOfDocument(document))
    .filter((problem) => !SAID_BY_MESSAGES.has(problem.code))
    .map(
      (problem): CheckedProblem => ({
        // An index not found (-1) names nothing: the nearest parent that exists gets the line.
        path: pathOf(document, problem).map((key) => (key === -1 ? '?' : key)),
        severity: problem.severity,
        code: problem.code,
        params: problem.params,
        message: `${problem.code}: ${Object.values(problem.params).join(', ')}`,
        // NLU items are known by name in the document: the graph resolves `<kind>:<name>` links.
        node: problemNodeKey(problem.entity),
      }),
    );
