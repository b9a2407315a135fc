/**
 * Problems of the NLU items' references to each other: contexts no server analyses, archetypes
 * nothing uses, references to archetypes, functions, interactions and contexts that do not exist.
 */
import type { ConfigurationSnapshot } from '../contract/configuration-graph';
import type { ConfigurationProblem } from './types';

/** Builtin archetypes (`@date`, `@amount`… src/nlu/builtins.ts) exist in every environment. */
export const isBuiltinArchetype = (name: string): boolean => name.startsWith('@');

export interface NluNames {
  archetypes: ReadonlySet<string>;
  contexts: ReadonlySet<string>;
  /** Interaction names, whatever their context. */
  interactions: ReadonlySet<string>;
  functions: ReadonlySet<string>;
}

export function nluNames(snapshot: ConfigurationSnapshot): NluNames {
  return {
    archetypes: new Set(snapshot.archetypes.map((item) => item.name)),
    contexts: new Set(snapshot.contexts.map((item) => item.name)),
    interactions: new Set(snapshot.interactions.map((item) => item.name)),
    functions: new Set(snapshot.functions.map((item) => item.name)),
  };
}

export function nluProblems(snapshot: ConfigurationSnapshot, names: NluNames): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const archetypeKnown = (name: string) => names.archetypes.has(name) || isBuiltinArchetype(name);

  /** Archetype names something uses: parameters, other archetypes' dictionaries, neutralizers. */
  const used = new Set<string>();
  for (const archetype of snapshot.archetypes) {
    for (const reference of archetype.references) {
      if (reference !== archetype.name) used.add(reference);
      if (!archetypeKnown(reference)) {
        problems.push({ code: 'unknownSubArchetype', severity: 'error', entity: { kind: 'archetype', id: archetype.id, name: archetype.name }, params: { archetype: archetype.name, reference } });
      }
    }
  }

  const analysed = new Set(snapshot.servers.flatMap((server) => server.contexts));
  for (const context of snapshot.contexts) {
    const entity = { kind: 'context', id: context.id, name: context.name } as const;
    if (!analysed.has(context.name)) problems.push({ code: 'contextWithoutServer', severity: 'warning', entity, params: { context: context.name } });
    for (const archetype of context.neutralizers) {
      used.add(archetype);
      if (!archetypeKnown(archetype)) problems.push({ code: 'neutralizerUnknownArchetype', severity: 'warning', entity, params: { context: context.name, archetype } });
    }
  }

  for (const interaction of snapshot.interactions) {
    const entity = { kind: 'interaction', id: interaction.id, name: interaction.name, context: interaction.context } as const;
    for (const parameter of interaction.parameters) {
      used.add(parameter.archetype);
      if (!archetypeKnown(parameter.archetype)) {
        problems.push({
          code: 'parameterUnknownArchetype',
          severity: 'error',
          entity,
          params: { interaction: interaction.name, parameter: parameter.name, archetype: parameter.archetype },
        });
      }
    }
    for (const fn of interaction.functions) {
      if (!names.functions.has(fn)) problems.push({ code: 'interactionUnknownFunction', severity: 'error', entity, params: { interaction: interaction.name, function: fn } });
    }
  }

  for (const fn of snapshot.functions) {
    if (fn.interactionToFind !== null && fn.interactionToFind.trim() !== '' && !names.interactions.has(fn.interactionToFind)) {
      problems.push({
        code: 'functionUnknownInteraction',
        severity: 'warning',
        entity: { kind: 'function', id: fn.id, name: fn.name },
        params: { function: fn.name, interaction: fn.interactionToFind },
      });
    }
  }

  for (const server of snapshot.servers) {
    for (const context of server.contexts) {
      if (!names.contexts.has(context)) {
        problems.push({ code: 'serverUnknownContext', severity: 'warning', entity: { kind: 'server', id: server.id, name: server.name }, params: { server: server.name, context } });
      }
    }
  }

  for (const archetype of snapshot.archetypes) {
    if (!used.has(archetype.name)) problems.push({ code: 'unusedArchetype', severity: 'warning', entity: { kind: 'archetype', id: archetype.id, name: archetype.name }, params: { archetype: archetype.name } });
  }
  return problems;
}
