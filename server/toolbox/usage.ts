/**
 * What in an environment still uses an entity (unsync deleting components, §4): categorization rules
 * and extraction fields naming an interaction, interactions naming an archetype or a function,
 * modules working in a context, fields naming a snippet. Entities deleted together do not count.
 */
import type { EnvironmentSettings } from '../../src/contract/environments';
import { entityLabel, type ComponentEntity } from '../../src/contract/toolbox-entities';
import type { EnvironmentEntity } from './environment-entities';

export interface Usage {
  entity: string;
  usedBy: string;
}

/** Every object of a JSON value (rules are nested: categories → rules → criteria → conditions). */
function* objectsOf(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsOf(item);
  else if (value !== null && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsOf(item);
  }
}

export function firstUsage(deleted: EnvironmentEntity[], all: Map<string, EnvironmentEntity>, settings: EnvironmentSettings): Usage | null {
  const gone = new Set(deleted.map((item) => item.key));
  const remaining = [...all.values()].filter((item) => !gone.has(item.key));
  const remainingOf = <T extends EnvironmentEntity['type']>(type: T) =>
    remaining.filter((item) => item.type === type).map((item) => item.entity as ComponentEntity<T>);
  const modules = settings.modules.filter((module) => !(module.type === 'extraction' && gone.has(`extraction_module:${module.name}`)));

  for (const item of deleted) {
    const name = (item.entity as { name: string }).name;
    const label = entityLabel(item.type, item.entity as { name: string; context?: string });
    const used = (usedBy: string): Usage => ({ entity: label, usedBy });
    if (item.type === 'interaction') {
      for (const module of modules) {
        for (const object of objectsOf(module.config)) {
          if (module.type === 'categorization' && object.type === 'interaction' && object.interaction === name) return used(module.name);
          if (module.type === 'extraction' && object.type === 'nluParameter' && object.interaction === name) return used(module.name);
        }
      }
    } else if (item.type === 'archetype') {
      for (const interaction of remainingOf('interaction')) {
        if (interaction.parameters.some((parameter) => parameter.archetype === name)) return used(entityLabel('interaction', interaction));
      }
      for (const archetype of remainingOf('archetype')) {
        if (Object.values(archetype.dictionaries).some((text) => text?.includes(`[[${name}]]`))) return used(archetype.name);
      }
      for (const context of remainingOf('context')) if (context.neutralizers.includes(name)) return used(context.name);
    } else if (item.type === 'interaction_function') {
      for (const interaction of remainingOf('interaction')) {
        if (interaction.functions.includes(name)) return used(entityLabel('interaction', interaction));
      }
    } else if (item.type === 'context') {
      for (const module of modules) if (module.context === name) return used(module.name);
      for (const interaction of remainingOf('interaction')) if (interaction.context === name) return used(entityLabel('interaction', interaction));
    } else if (item.type === 'extraction_snippet') {
      for (const module of modules) {
        if (module.type !== 'extraction') continue;
        for (const object of objectsOf(module.config)) if (object.type === 'namedSnippet' && object.snippet === name) return used(module.name);
      }
    }
  }
  return null;
}
