/**
 * The outline of a document: its entities (modules with their categories and rules, environment
 * categories, reply templates, archetypes, contexts with their interactions, servers) with their
 * lines, read from the YAML value even when the schema refuses it, so the tree stays while typing.
 */
export type OutlineKind = 'section' | 'module' | 'category' | 'rule' | 'template' | 'archetype' | 'context' | 'interaction' | 'server';

export interface OutlineNode {
  kind: OutlineKind;
  /** The entity's name as written (or its key for a section). */
  label: string;
  path: (string | number)[];
  line: number;
  children: OutlineNode[];
}

type LineOf = (path: readonly (string | number)[]) => number;

const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
const text = (value: unknown, fallback: string) => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);

function node(kind: OutlineKind, label: string, path: (string | number)[], lineOf: LineOf, children: OutlineNode[] = []): OutlineNode {
  return { kind, label, path, line: lineOf(path), children };
}

function moduleNodes(modules: unknown, lineOf: LineOf): OutlineNode[] {
  return list(modules).map((module, index) => {
    const path = ['settings', 'modules', index];
    const config = (module.config ?? {}) as Record<string, unknown>;
    const categories = list(config.categories).map((category, categoryIndex) => {
      const categoryPath = [...path, 'config', 'categories', categoryIndex];
      const rules = list(category.rules).map((rule, ruleIndex) => node('rule', text(rule.name, '?'), [...categoryPath, 'rules', ruleIndex], lineOf));
      return node('category', text(category.name, '?'), categoryPath, lineOf, rules);
    });
    return node('module', `${text(module.name, '?')} (${text(module.type, '?')})`, path, lineOf, categories);
  });
}

export function documentOutline(raw: unknown, lineOf: LineOf): OutlineNode[] {
  const root = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const settings = (root.settings ?? {}) as Record<string, unknown>;
  const nlu = (root.nlu ?? {}) as Record<string, unknown>;
  const named = (kind: OutlineKind, items: unknown, base: string[], key = 'name') =>
    list(items).map((item, index) => node(kind, text(item[key], '?'), [...base, index], lineOf));
  const sections: OutlineNode[] = [
    node('section', 'modules', ['settings', 'modules'], lineOf, moduleNodes(settings.modules, lineOf)),
    node('section', 'categories', ['settings', 'categories'], lineOf, named('category', settings.categories, ['settings', 'categories'])),
    node('section', 'replyTemplates', ['settings', 'replyTemplates'], lineOf, named('template', settings.replyTemplates, ['settings', 'replyTemplates'])),
    node('section', 'archetypes', ['nlu', 'archetypes'], lineOf, named('archetype', nlu.archetypes, ['nlu', 'archetypes'])),
    node(
      'section',
      'contexts',
      ['nlu', 'contexts'],
      lineOf,
      list(nlu.contexts).map((context, index) =>
        node('context', text(context.name, '?'), ['nlu', 'contexts', index], lineOf, named('interaction', context.interactions, ['nlu', 'contexts', String(index), 'interactions'], 'id_interaction')),
      ),
    ),
    node('section', 'servers', ['nlu', 'servers'], lineOf, named('server', nlu.servers, ['nlu', 'servers'])),
  ];
  return sections;
}

/** The outline nodes whose label contains the query (case-insensitive), with their ancestors kept. */
export function filterOutline(nodes: readonly OutlineNode[], query: string): OutlineNode[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [...nodes];
  return nodes.flatMap((entry) => {
    const children = filterOutline(entry.children, wanted);
    return entry.label.toLowerCase().includes(wanted) || children.length > 0 ? [{ ...entry, children }] : [];
  });
}
