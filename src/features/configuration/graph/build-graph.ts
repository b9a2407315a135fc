/**
 * The configuration snapshot → the graph's nodes and edges, before layout. Pure.
 *
 * Node ids are the problem checks' entity keys (`entityKey`), so a problem finds its node; items the
 * configuration names but that do not exist get a `missing` node, so a rule naming a missing
 * interaction shows an edge to it. Rule problems are shown on their category (rules are not nodes:
 * a category's edges say which interactions its rules test). Reply templates hang from the pipeline's
 * reply template module and from the category each answers, and lead to the templates they include.
 */
import type { ConfigurationSnapshot } from '../../../contract/configuration-graph';
import type { ModuleType } from '../../../contract/environments';
import { categorizationOf, entityKey, extractionOf, isBuiltinArchetype, problemNodeKey, type ConfigurationProblem } from '../../../configuration-problems';

export type GraphNodeKind =
  | 'module'
  | 'server'
  | 'context'
  | 'interaction'
  | 'function'
  | 'archetype'
  | 'builtin'
  | 'category'
  | 'extractionField'
  | 'snippet'
  | 'source'
  | 'replyTemplate'
  | 'missing';

/** What a node opens: the structured screen of its entity (src/features/configuration/graph/editor-link.ts). */
export type EditorTarget =
  | { screen: 'module'; moduleId: string; moduleType: ModuleType }
  | { screen: 'archetype' | 'interaction'; id: string }
  | { screen: 'contexts' | 'servers' | 'functions' }
  | { screen: 'category'; moduleId: string; categoryId: string }
  | { screen: 'extraction'; moduleId: string }
  | { screen: 'replyTemplate'; id: string };

export interface GraphNode {
  id: string;
  kind: GraphNodeKind;
  label: string;
  /**
   * A second line: a name from the configuration (an interaction's context, a snippet's module), or
   * a code (a module type, a category's target, a field's source) when `detailCode` says which list
   * of `configurationGraph` texts words it (graph-text.ts).
   */
  detail: string;
  detailCode?: NodeDetailCode;
  editor: EditorTarget | null;
  problems: ConfigurationProblem[];
  /** Modules in pipeline order: their position (the layout keeps them in that order). */
  order?: number;
}

/** The texts a coded `detail` is read in: `details.<code>.<detail>`, or `kinds.<detail>` (what a missing item was meant to be). */
export type NodeDetailCode = 'moduleType' | 'target' | 'fieldSource' | 'kind';

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  /** `pipeline`: module to next module (drawn, left out of the layout's layering). */
  kind: 'pipeline' | 'reference';
  label?: string;
}

export interface ConfigurationGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export function buildGraph(snapshot: ConfigurationSnapshot, problems: readonly ConfigurationProblem[]): ConfigurationGraph {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const add = (node: Omit<GraphNode, 'problems'>) => {
    if (!nodes.has(node.id)) nodes.set(node.id, { ...node, problems: [] });
    return node.id;
  };
  const link = (source: string, target: string, label?: string, kind: GraphEdge['kind'] = 'reference') => {
    const id = `${source}->${target}`;
    const existing = edges.get(id);
    if (existing === undefined) edges.set(id, { id, source, target, kind, ...(label === undefined ? {} : { label }) });
    else if (label !== undefined && existing.label !== undefined && !existing.label.split(', ').includes(label)) existing.label = `${existing.label}, ${label}`;
  };
  const missing = (kind: string, name: string) => add({ id: `missing:${kind}:${name}`, kind: 'missing', label: name, detail: kind, detailCode: 'kind', editor: null });

  // --- NLU items ----------------------------------------------------------------------------------
  const archetypeIds = new Map(snapshot.archetypes.map((item) => [item.name, entityKey({ kind: 'archetype', id: item.id, name: item.name })]));
  const archetypeNode = (name: string) =>
    archetypeIds.get(name) ?? (isBuiltinArchetype(name) ? add({ id: `builtin:${name}`, kind: 'builtin', label: name, detail: '', editor: null }) : missing('archetype', name));
  for (const item of snapshot.archetypes) add({ id: archetypeIds.get(item.name)!, kind: 'archetype', label: item.name, detail: '', editor: { screen: 'archetype', id: item.id } });

  const contextIds = new Map(snapshot.contexts.map((item) => [item.name, entityKey({ kind: 'context', id: item.id, name: item.name })]));
  const contextNode = (name: string) => contextIds.get(name) ?? missing('context', name);
  for (const item of snapshot.contexts) add({ id: contextIds.get(item.name)!, kind: 'context', label: item.name, detail: '', editor: { screen: 'contexts' } });

  const functionIds = new Map(snapshot.functions.map((item) => [item.name, entityKey({ kind: 'function', id: item.id, name: item.name })]));
  for (const item of snapshot.functions) add({ id: functionIds.get(item.name)!, kind: 'function', label: item.name, detail: '', editor: { screen: 'functions' } });

  /** Interaction node ids by name (names are unique per context, so one name may be several nodes). */
  const interactionIds = new Map<string, { id: string; context: string }[]>();
  for (const item of snapshot.interactions) {
    const id = add({ id: entityKey({ kind: 'interaction', id: item.id, name: item.name, context: item.context }), kind: 'interaction', label: item.name, detail: item.context, editor: { screen: 'interaction', id: item.id } });
    const same = interactionIds.get(item.name);
    if (same === undefined) interactionIds.set(item.name, [{ id, context: item.context }]);
    else same.push({ id, context: item.context });
  }
  const interactionNodes = (name: string, context: string | null = null) => {
    const found = (interactionIds.get(name) ?? []).filter((item) => context === null || item.context === context).map((item) => item.id);
    return found.length > 0 ? found : [missing('interaction', name)];
  };

  for (const server of snapshot.servers) {
    const id = add({ id: entityKey({ kind: 'server', id: server.id, name: server.name }), kind: 'server', label: server.name, detail: '', editor: { screen: 'servers' } });
    for (const context of server.contexts) link(id, contextNode(context));
  }
  for (const context of snapshot.contexts) {
    for (const archetype of context.neutralizers) link(contextIds.get(context.name)!, archetypeNode(archetype), 'neutralizer');
  }
  for (const item of snapshot.interactions) {
    const id = entityKey({ kind: 'interaction', id: item.id, name: item.name, context: item.context });
    link(contextNode(item.context), id);
    for (const parameter of item.parameters) link(id, archetypeNode(parameter.archetype), parameter.name);
    for (const fn of item.functions) link(id, functionIds.get(fn) ?? missing('function', fn));
  }
  for (const fn of snapshot.functions) {
    if (fn.interactionToFind !== null && fn.interactionToFind.trim() !== '') for (const target of interactionNodes(fn.interactionToFind)) link(functionIds.get(fn.name)!, target);
  }
  for (const archetype of snapshot.archetypes) {
    for (const reference of archetype.references) if (reference !== archetype.name) link(archetypeIds.get(archetype.name)!, archetypeNode(reference));
  }

  // --- Modules, in pipeline order -----------------------------------------------------------------
  const categoryIds = new Map<string, string>();
  /** Every category node of a name (a body and an attachment category may share one): what a reply template answers. */
  const categoriesNamed = new Map<string, string[]>();
  snapshot.modules.forEach((module) => {
    for (const category of categorizationOf(module)?.categories ?? []) {
      const key = category.name.trim().toLowerCase();
      const id = entityKey({ kind: 'category', moduleId: module.id, id: category.id, name: category.name });
      categoryIds.set(key, id);
      categoriesNamed.set(key, [...(categoriesNamed.get(key) ?? []), id]);
    }
  });
  const replyTemplateId = (id: string) => `replyTemplate:${id}`;
  const replyModules: string[] = [];
  let previous: string | null = null;
  snapshot.modules.forEach((module, order) => {
    const id = add({ id: entityKey({ kind: 'module', id: module.id, name: module.name }), kind: 'module', label: module.name, detail: module.type, detailCode: 'moduleType', editor: { screen: 'module', moduleId: module.id, moduleType: module.type }, order });
    if (previous !== null) link(previous, id, undefined, 'pipeline');
    previous = id;
    if (module.type === 'replyTemplate') replyModules.push(id);
    if (module.context !== null && module.context.trim() !== '') link(id, contextNode(module.context));
    else if (module.type === 'nlu') for (const context of contextIds.values()) link(id, context);

    const categorization = categorizationOf(module);
    for (const category of categorization?.categories ?? []) {
      const categoryId = entityKey({ kind: 'category', moduleId: module.id, id: category.id, name: category.name });
      add({ id: categoryId, kind: 'category', label: category.name, detail: category.target, detailCode: 'target', editor: { screen: 'category', moduleId: module.id, categoryId: category.id } });
      link(id, categoryId);
      for (const rule of category.rules) {
        for (const criterion of rule.criteria) {
          if (criterion.type === 'interaction') for (const target of interactionNodes(criterion.interaction, criterion.context)) link(categoryId, target, rule.name);
          if (criterion.type === 'category') link(categoryId, categoryIds.get(criterion.category.trim().toLowerCase()) ?? missing('category', criterion.category), rule.name);
        }
      }
    }

    const extraction = extractionOf(module);
    for (const field of extraction?.fields ?? []) {
      const fieldId = entityKey({ kind: 'extractionField', moduleId: module.id, id: field.id, name: field.name });
      add({ id: fieldId, kind: 'extractionField', label: field.name, detail: field.source.type, detailCode: 'fieldSource', editor: { screen: 'extraction', moduleId: module.id } });
      link(id, fieldId);
      const source = field.source;
      if (source.type === 'nluParameter') for (const target of interactionNodes(source.interaction)) link(fieldId, target, source.parameter);
      if (source.type === 'builtin') link(fieldId, archetypeNode(`@${source.builtin}`));
      if (source.type === 'namedSnippet') {
        const known = extraction!.snippets.some((snippet) => snippet.name === source.snippet);
        link(fieldId, known ? add({ id: `snippet:${module.id}:${source.snippet}`, kind: 'snippet', label: source.snippet, detail: module.name, editor: { screen: 'extraction', moduleId: module.id } }) : missing('snippet', source.snippet));
      }
      if (source.type === 'header' || source.type === 'metadata') {
        const name = source.type === 'header' ? source.header.toLowerCase() : source.key;
        link(fieldId, add({ id: `source:${source.type}:${name}`, kind: 'source', label: name, detail: source.type, detailCode: 'fieldSource', editor: null }));
      }
    }
  });

  // --- Reply templates ----------------------------------------------------------------------------
  for (const template of snapshot.replyTemplates) {
    const id = add({ id: replyTemplateId(template.id), kind: 'replyTemplate', label: template.name, detail: template.category ?? '', editor: { screen: 'replyTemplate', id: template.id } });
    for (const module of replyModules) link(module, id);
    // A category no categorization module gives (one of the use-case list) has no node: no edge.
    if (template.category !== null) for (const category of categoriesNamed.get(template.category.trim().toLowerCase()) ?? []) link(category, id);
  }
  const templateIds = new Set(snapshot.replyTemplates.map((template) => template.id));
  for (const template of snapshot.replyTemplates) {
    for (const included of template.includes) if (templateIds.has(included) && included !== template.id) link(replyTemplateId(template.id), replyTemplateId(included));
  }

  // --- Problems on their nodes --------------------------------------------------------------------
  for (const problem of problems) nodes.get(problemNodeId(problem))?.problems.push(problem);
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

/** The node a problem is marked on: rules are shown on their category. */
export function problemNodeId(problem: ConfigurationProblem): string {
  return problemNodeKey(problem.entity);
}

/**
 * The node a `?node=` deep link names: a node id (`archetype:<stored id>`…), or `<kind>:<name>` for
 * links made from the IDE's document, which knows NLU items by name (`interaction:<context>/<name>`).
 */
export function resolveNodeLink(graph: ConfigurationGraph, link: string): GraphNode | undefined {
  const byId = graph.nodes.find((node) => node.id === link);
  if (byId !== undefined) return byId;
  const colon = link.indexOf(':');
  if (colon < 0) return undefined;
  const kind = link.slice(0, colon);
  const name = link.slice(colon + 1);
  return graph.nodes.find((node) => node.kind === kind && (node.label === name || (kind === 'interaction' && `${node.detail}/${node.label}` === name)));
}

/** The node and every node reachable from it without following the pipeline: what a module uses. */
export function reachableFrom(graph: ConfigurationGraph, start: string): Set<string> {
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edge.kind !== 'reference') continue;
    const targets = next.get(edge.source);
    if (targets === undefined) next.set(edge.source, [edge.target]);
    else targets.push(edge.target);
  }
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const target of next.get(queue.pop()!) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}
