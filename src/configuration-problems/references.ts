/**
 * Full NLU items → the snapshot the checks and the graph read (src/contract/configuration-graph.ts).
 * The server maps its rows with it, and a screen holding the full items (the IDE) does the same, so
 * both hand the checks the same thing.
 */
import type { ConfigurationSnapshot } from '../contract/configuration-graph';
import type { EnvironmentModule } from '../contract/environments';
import { includedNames } from '../replies/includes';

/** `[[name]]` references of a dictionary (the parser's syntax, src/nlu/dictionary.ts), without parsing it whole. */
const REFERENCE = /\[\[([^[\]\n\r]+)\]\]/g;

/** Every archetype name referenced in the dictionaries of all languages, trimmed, sorted, once each. */
export function archetypeReferences(dictionaries: Readonly<Partial<Record<string, string>>>): string[] {
  const names = new Set<string>();
  for (const text of Object.values(dictionaries)) {
    if (typeof text !== 'string' || !text.includes('[[')) continue;
    for (const line of text.split(/\r\n|\r|\n/)) {
      // Comment lines are not entries: a reference written there refers to nothing.
      if (line.trimStart().startsWith('//')) continue;
      for (const match of line.matchAll(REFERENCE)) names.add(match[1]!.trim());
    }
  }
  return [...names].sort();
}

export interface FullNluItems {
  archetypes: readonly { id: string; name: string; dictionaries: Readonly<Partial<Record<string, string>>> }[];
  contexts: readonly { id: string; name: string; neutralizers: readonly string[] }[];
  interactions: readonly {
    id: string;
    name: string;
    contextId: string;
    enabled: boolean;
    parameters: readonly { name: string; archetype: string }[];
    functions: readonly string[];
  }[];
  functions: readonly { id: string; name: string; interactionToFind: string | null }[];
  servers: readonly { id: string; name: string; contexts: readonly string[] }[];
}

/** Reply templates as stored (`settings.replyTemplates`): their bodies are read for includes, not kept. */
export type FullReplyTemplates = readonly { id: string; name: string; body: string; category: string | null }[];

/** Each template with what it answers and the ids of the templates it includes by name (unknown names left out). */
export function replyTemplateReferences(templates: FullReplyTemplates): ConfigurationSnapshot['replyTemplates'] {
  const ids = new Map(templates.map((template) => [template.name, template.id]));
  return templates.map((template) => ({
    id: template.id,
    name: template.name,
    category: template.category,
    includes: includedNames(template.body).flatMap((name) => {
      const id = ids.get(name);
      return id === undefined ? [] : [id];
    }),
  }));
}

/** `modules`: in pipeline order (`pipelineModules(settings)`); `replyTemplates`: `settings.replyTemplates`. */
export function snapshotOf(modules: readonly EnvironmentModule[], nlu: FullNluItems, replyTemplates: FullReplyTemplates = []): ConfigurationSnapshot {
  const contextNames = new Map(nlu.contexts.map((context) => [context.id, context.name]));
  return {
    modules: [...modules],
    archetypes: nlu.archetypes.map((archetype) => ({ id: archetype.id, name: archetype.name, references: archetypeReferences(archetype.dictionaries) })),
    contexts: nlu.contexts.map((context) => ({ id: context.id, name: context.name, neutralizers: [...context.neutralizers] })),
    interactions: nlu.interactions.map((interaction) => ({
      id: interaction.id,
      name: interaction.name,
      context: contextNames.get(interaction.contextId) ?? '',
      enabled: interaction.enabled,
      parameters: interaction.parameters.map((parameter) => ({ name: parameter.name, archetype: parameter.archetype })),
      functions: [...interaction.functions],
    })),
    functions: nlu.functions.map((fn) => ({ id: fn.id, name: fn.name, interactionToFind: fn.interactionToFind })),
    servers: nlu.servers.map((server) => ({ id: server.id, name: server.name, contexts: [...server.contexts] })),
    replyTemplates: replyTemplateReferences(replyTemplates),
  };
}
