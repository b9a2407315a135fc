/** The snapshot → graph mapping and its layout, on the problem checks' test configuration. */
import { describe, expect, it } from 'vitest';
import { configurationProblems } from '../../../configuration-problems';
import { categorizationConfig, healthySnapshot, module } from '../../../configuration-problems/test-fixtures';
import { buildGraph, reachableFrom, resolveNodeLink } from './build-graph';
import { layoutGraph } from './layout';
import { NODE_HEIGHT, NODE_WIDTH } from './node-size';
import { syntheticSnapshot } from './synthetic';

const graphOf = (snapshot = healthySnapshot()) => buildGraph(snapshot, configurationProblems(snapshot));
const hasEdge = (graph: ReturnType<typeof graphOf>, source: string, target: string) => graph.edges.some((edge) => edge.source === source && edge.target === target);

describe('buildGraph', () => {
  it('draws the modules in pipeline order, linked one to the next', () => {
    const graph = graphOf();
    const modules = graph.nodes.filter((node) => node.kind === 'module').sort((a, b) => a.order! - b.order!);
    expect(modules.map((node) => node.label)).toEqual(['extractor', 'nlu', 'categorization', 'extraction', 'output']);
    expect(graph.edges.filter((edge) => edge.kind === 'pipeline').map((edge) => [edge.source, edge.target])).toEqual([
      ['module:extractor', 'module:nlu'],
      ['module:nlu', 'module:categorization'],
      ['module:categorization', 'module:extraction'],
      ['module:extraction', 'module:output'],
    ]);
  });

  it('links servers to contexts, contexts to interactions, parameters to archetypes and sub-archetypes', () => {
    const graph = graphOf();
    expect(hasEdge(graph, 'server:s1', 'context:x1')).toBe(true);
    expect(hasEdge(graph, 'module:nlu', 'context:x1')).toBe(true);
    expect(hasEdge(graph, 'context:x1', 'interaction:i1')).toBe(true);
    expect(graph.edges.find((edge) => edge.source === 'interaction:i1' && edge.target === 'archetype:a1')?.label).toBe('contrat');
    expect(hasEdge(graph, 'interaction:i1', 'builtin:@date')).toBe(true);
    expect(hasEdge(graph, 'archetype:a1', 'archetype:a2')).toBe(true);
    expect(hasEdge(graph, 'interaction:i1', 'function:fn1')).toBe(true);
  });

  it('links categories to the interactions and categories their rules test, and fields to their sources', () => {
    const graph = graphOf();
    expect(graph.edges.find((edge) => edge.source === 'category:categorization:c1' && edge.target === 'interaction:i1')?.label).toBe('resiliation');
    expect(hasEdge(graph, 'category:categorization:c2', 'category:categorization:c1')).toBe(true);
    expect(hasEdge(graph, 'extractionField:extraction:f1', 'interaction:i1')).toBe(true);
    expect(hasEdge(graph, 'extractionField:extraction:f2', 'snippet:extraction:hello')).toBe(true);
    expect(hasEdge(graph, 'extractionField:extraction:f3', 'builtin:@date')).toBe(true);
  });

  it('draws what a rule names but does not exist as a missing node, and marks the problem on the category', () => {
    const snapshot = healthySnapshot();
    snapshot.modules[2] = module('categorization', 'categorization', categorizationConfig({ categories: [{ id: 'c1', name: 'Relance', rules: [{ id: 'r1', name: 'relance', criteria: [{ type: 'interaction', interaction: 'relancer' }] }] }] }));
    const graph = graphOf(snapshot);
    expect(graph.nodes.find((node) => node.id === 'missing:interaction:relancer')).toMatchObject({ kind: 'missing', editor: null });
    expect(hasEdge(graph, 'category:categorization:c1', 'missing:interaction:relancer')).toBe(true);
    expect(graph.nodes.find((node) => node.id === 'category:categorization:c1')?.problems.map((problem) => problem.code)).toEqual(['ruleUnknownInteraction']);
  });

  it('gives each node of an entity the way to its editor', () => {
    const graph = graphOf();
    const editor = (id: string) => graph.nodes.find((node) => node.id === id)?.editor;
    expect(editor('archetype:a1')).toEqual({ screen: 'archetype', id: 'a1' });
    expect(editor('interaction:i1')).toEqual({ screen: 'interaction', id: 'i1' });
    expect(editor('category:categorization:c1')).toEqual({ screen: 'category', moduleId: 'categorization', categoryId: 'c1' });
    expect(editor('module:categorization')).toEqual({ screen: 'module', moduleId: 'categorization', moduleType: 'categorization' });
    expect(editor('builtin:@date')).toBeNull();
  });

  it('draws reply templates from the reply template module and the category they answer, and what they include', () => {
    const snapshot = healthySnapshot();
    snapshot.modules.splice(4, 0, module('replies', 'replyTemplate'));
    // A second category of the same name (an attachment one): the template answers both.
    snapshot.modules.splice(3, 0, module('attachments', 'categorization', categorizationConfig({ categories: [{ id: 'c9', name: 'résiliation', target: 'attachment', rules: [] }] })));
    snapshot.replyTemplates = [
      { id: 't1', name: 'Résiliation', category: 'Résiliation', includes: ['t3'] },
      { id: 't2', name: 'Accusé', category: null, includes: ['t3', 'gone'] },
      { id: 't3', name: 'Signature', category: null, includes: ['t3'] },
      { id: 't4', name: 'Devis', category: 'Demande de devis', includes: [] },
    ];
    const graph = graphOf(snapshot);
    const templates = graph.nodes.filter((node) => node.kind === 'replyTemplate');
    expect(templates.map((node) => [node.id, node.label, node.detail])).toEqual([
      ['replyTemplate:t1', 'Résiliation', 'Résiliation'],
      ['replyTemplate:t2', 'Accusé', ''],
      ['replyTemplate:t3', 'Signature', ''],
      ['replyTemplate:t4', 'Devis', 'Demande de devis'],
    ]);
    expect(templates.every((node) => hasEdge(graph, 'module:replies', node.id))).toBe(true);
    // The category it answers, whatever the case, in every module that gives it.
    expect(hasEdge(graph, 'category:categorization:c1', 'replyTemplate:t1')).toBe(true);
    expect(hasEdge(graph, 'category:attachments:c9', 'replyTemplate:t1')).toBe(true);
    // A category no module gives draws no node and no edge.
    expect(graph.nodes.some((node) => node.kind === 'missing')).toBe(false);
    expect(graph.edges.filter((edge) => edge.target === 'replyTemplate:t4').map((edge) => edge.source)).toEqual(['module:replies']);
    // Includes: known templates only, never itself.
    expect(hasEdge(graph, 'replyTemplate:t1', 'replyTemplate:t3')).toBe(true);
    expect(hasEdge(graph, 'replyTemplate:t2', 'replyTemplate:t3')).toBe(true);
    expect(graph.edges.filter((edge) => edge.source === 'replyTemplate:t2').map((edge) => edge.target)).toEqual(['replyTemplate:t3']);
    expect(hasEdge(graph, 'replyTemplate:t3', 'replyTemplate:t3')).toBe(false);
    expect(graph.nodes.find((node) => node.id === 'replyTemplate:t1')?.editor).toEqual({ screen: 'replyTemplate', id: 't1' });
    // The reply module's filter shows its templates and what they include; the categorization's, the templates answering its categories.
    expect([...reachableFrom(graph, 'module:replies')].filter((id) => id.startsWith('replyTemplate:')).sort()).toEqual(['replyTemplate:t1', 'replyTemplate:t2', 'replyTemplate:t3', 'replyTemplate:t4']);
    expect(reachableFrom(graph, 'module:categorization').has('replyTemplate:t3')).toBe(true);
    expect(reachableFrom(graph, 'module:categorization').has('replyTemplate:t2')).toBe(false);
    expect(resolveNodeLink(graph, 'replyTemplate:Signature')?.id).toBe('replyTemplate:t3');
  });

  it('draws reply templates without a reply template module, linked to nothing but each other', () => {
    const snapshot = healthySnapshot();
    snapshot.replyTemplates = [{ id: 't1', name: 'Accusé', category: null, includes: [] }];
    const graph = graphOf(snapshot);
    expect(graph.nodes.find((node) => node.id === 'replyTemplate:t1')?.kind).toBe('replyTemplate');
    expect(graph.edges.some((edge) => edge.target === 'replyTemplate:t1')).toBe(false);
  });

  it('filters by module: what the module uses, not the rest of the pipeline', () => {
    const graph = graphOf();
    const extraction = reachableFrom(graph, 'module:extraction');
    expect(extraction.has('extractionField:extraction:f1')).toBe(true);
    expect(extraction.has('interaction:i1')).toBe(true);
    expect(extraction.has('archetype:a2')).toBe(true);
    expect(extraction.has('module:output')).toBe(false);
    expect(extraction.has('category:categorization:c1')).toBe(false);
  });
});

describe('layoutGraph', () => {
  const inputOf = (graph: ReturnType<typeof graphOf>) => ({
    nodes: graph.nodes.map((node) => ({ id: node.id, ...(node.order === undefined ? {} : { order: node.order }) })),
    edges: graph.edges.map((edge) => ({ source: edge.source, target: edge.target, layered: edge.kind !== 'pipeline' })),
  });

  it('places every node without overlaps, the modules in one column on the left in pipeline order', () => {
    const graph = graphOf(syntheticSnapshot(200));
    const positions = layoutGraph(inputOf(graph));
    expect(Object.keys(positions).length).toBe(graph.nodes.length);
    const modules = graph.nodes.filter((node) => node.kind === 'module').sort((a, b) => a.order! - b.order!).map((node) => positions[node.id]!);
    expect(new Set(modules.map((at) => at.x)).size).toBe(1);
    expect(modules.map((at) => at.y)).toEqual([...modules.map((at) => at.y)].sort((a, b) => a - b));
    expect(Math.min(...Object.values(positions).map((at) => at.x))).toBe(modules[0]!.x);
    const boxes = Object.values(positions);
    const overlapping = boxes.some((a, i) => boxes.some((b, j) => j > i && Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT));
    expect(overlapping).toBe(false);
  });

  it('puts what is used to the right of what uses it', () => {
    const graph = graphOf();
    const positions = layoutGraph(inputOf(graph));
    expect(positions['context:x1']!.x).toBeLessThan(positions['interaction:i1']!.x);
    expect(positions['interaction:i1']!.x).toBeLessThan(positions['archetype:a1']!.x);
    expect(positions['archetype:a1']!.x).toBeLessThan(positions['archetype:a2']!.x);
  });

  it('resolves a ?node= link by node id, or by kind and name as the IDE document writes it', () => {
    const graph = graphOf();
    const interaction = graph.nodes.find((node) => node.kind === 'interaction')!;
    const archetype = graph.nodes.find((node) => node.kind === 'archetype')!;
    expect(resolveNodeLink(graph, interaction.id)?.id).toBe(interaction.id);
    expect(resolveNodeLink(graph, `archetype:${archetype.label}`)?.id).toBe(archetype.id);
    expect(resolveNodeLink(graph, `interaction:${interaction.detail}/${interaction.label}`)?.id).toBe(interaction.id);
    expect(resolveNodeLink(graph, `interaction:nowhere/${interaction.label}`)).toBeUndefined();
    expect(resolveNodeLink(graph, 'nothing')).toBeUndefined();
  });
});
