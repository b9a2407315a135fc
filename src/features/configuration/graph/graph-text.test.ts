// @vitest-environment jsdom
/**
 * The graph speaks the reader's language: a node's second line names a module type, a category's
 * target or a field's source in words (not `regex`, `body`, `nluParameter`), and screen readers hear
 * each edge as a link between two named nodes (not React Flow's "Edge from module:… to …").
 */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_TYPES } from '../../../contract/environment-modules';
import { CATEGORY_TARGETS } from '../../../contract/modules/categorization';
import { FIELD_SOURCE_TYPES } from '../../../contract/modules/extraction';
import { configurationProblems } from '../../../configuration-problems';
import { healthySnapshot } from '../../../configuration-problems/test-fixtures';
import { initI18n } from '../../../i18n/setup';
import { buildGraph } from './build-graph';
import { edgeAriaLabel, flowAriaLabels, nodeDetailText } from './graph-text';

const inLanguage = (language: string) => (key: string, params?: Record<string, unknown>) => i18next.getFixedT(language)(key as never, params as never) as unknown as string;
const fr = inLanguage('fr');
const CODES = new Set<string>([...MODULE_TYPES, ...CATEGORY_TARGETS, ...FIELD_SOURCE_TYPES, 'builtin', 'archetype', 'interaction', 'context', 'function', 'category', 'snippet']);

beforeAll(() => initI18n('fr'));

describe('configuration graph texts', () => {
  const snapshot = healthySnapshot();
  const graph = buildGraph(snapshot, configurationProblems(snapshot));
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const detail = (id: string) => nodeDetailText(fr, nodes.get(id)!);

  it('words each node second line in French, never as a code', () => {
    expect(detail('module:categorization')).toBe('Catégorisation');
    expect(detail('category:categorization:c1')).toBe('Message');
    expect(detail('extractionField:extraction:f1')).toBe('Paramètre NLU');
    expect(detail('extractionField:extraction:f3')).toBe('Archétype prédéfini');
    // Every code the graph puts on a second line is worded (a snippet's second line is its module's name: data).
    const coded = graph.nodes.filter((node) => node.kind !== 'snippet' && node.kind !== 'interaction');
    expect(coded.map((node) => nodeDetailText(fr, node)).filter((text) => CODES.has(text))).toEqual([]);
    for (const code of FIELD_SOURCE_TYPES) expect(nodeDetailText(fr, { detail: code, detailCode: 'fieldSource' })).not.toBe(code);
    for (const code of CATEGORY_TARGETS) expect(nodeDetailText(fr, { detail: code, detailCode: 'target' })).not.toBe(code);
    for (const code of MODULE_TYPES) expect(nodeDetailText(fr, { detail: code, detailCode: 'moduleType' })).not.toMatch(/^[a-z]/);
    expect(nodeDetailText(fr, { detail: 'interaction', detailCode: 'kind' })).toBe('Interaction');
    expect(nodeDetailText(inLanguage('en'), { detail: 'regex', detailCode: 'fieldSource' })).toBe('Regular expression');
  });

  it('keeps names from the configuration as they are', () => {
    const interaction = graph.nodes.find((node) => node.kind === 'interaction')!;
    expect(nodeDetailText(fr, interaction)).toBe(interaction.detail);
  });

  it('names every edge for screen readers by its two nodes, in the reader language', () => {
    const pipeline = graph.edges.find((edge) => edge.source === 'module:nlu' && edge.target === 'module:categorization')!;
    expect(edgeAriaLabel(fr, pipeline, nodes)).toBe('Pipeline : « nlu » (Module) puis « categorization » (Module)');
    const reference = graph.edges.find((edge) => edge.source === 'extractionField:extraction:f1' && edge.target === 'interaction:i1')!;
    expect(edgeAriaLabel(fr, reference, nodes)).toMatch(/^Lien de « .+ » \(Champ d'extraction\) vers « .+ » \(Interaction\)$/);
    expect(edgeAriaLabel(inLanguage('en'), reference, nodes)).toMatch(/^Link from ".+" \(Extraction field\) to ".+" \(Interaction\)$/);
    for (const edge of graph.edges) expect(edgeAriaLabel(fr, edge, nodes)).not.toMatch(/Edge from|module:|interaction:/);
  });

  it('gives React Flow French labels for its controls and keyboard help', () => {
    const labels = flowAriaLabels(fr);
    expect(labels['controls.zoomIn.ariaLabel']).toBe('Zoom avant');
    expect(Object.values(labels).filter((text) => typeof text !== 'string' || /Zoom In|Mini Map|Press /.test(text))).toEqual([]);
  });
});
