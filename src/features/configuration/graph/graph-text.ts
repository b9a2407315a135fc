/**
 * The graph's words in the reader's language: a node's second line (a module type, a category's
 * target, a field's source are codes, translated; an interaction's context or a snippet's module are
 * names, kept), each edge's name for screen readers, and React Flow's own labels (controls, minimap,
 * keyboard help), which are English by default.
 */
import type { AriaLabelConfig } from '@xyflow/react';
import type { GraphEdge, GraphNode } from './build-graph';
import type { Translate } from './layout-failure-text';

/** A node's second line as shown. */
export function nodeDetailText(t: Translate, node: Pick<GraphNode, 'detail' | 'detailCode'>): string {
  if (node.detail === '' || node.detailCode === undefined) return node.detail;
  return t(node.detailCode === 'kind' ? `configurationGraph:kinds.${node.detail}` : `configurationGraph:details.${node.detailCode}.${node.detail}`);
}

/** A node as a screen reader names it: its name, then its kind. */
export function nodeName(t: Translate, node: Pick<GraphNode, 'kind' | 'label'>): string {
  return t('configurationGraph:nodeName', { kind: t(`configurationGraph:kinds.${node.kind}`), name: node.label });
}

/** An edge as a screen reader names it: from which node to which, and whether it is the pipeline's order. */
export function edgeAriaLabel(t: Translate, edge: Pick<GraphEdge, 'source' | 'target' | 'kind'>, nodes: ReadonlyMap<string, GraphNode>): string {
  const name = (id: string) => {
    const node = nodes.get(id);
    return node === undefined ? id : nodeName(t, node);
  };
  return t(edge.kind === 'pipeline' ? 'configurationGraph:edge.pipeline' : 'configurationGraph:edge.reference', { source: name(edge.source), target: name(edge.target) });
}

/** React Flow's labels and keyboard help (nodes here are selected, never moved nor deleted). */
export function flowAriaLabels(t: Translate): Partial<AriaLabelConfig> {
  return {
    'node.a11yDescription.default': t('configurationGraph:flow.nodeHelp'),
    'node.a11yDescription.keyboardDisabled': t('configurationGraph:flow.nodeHelp'),
    'edge.a11yDescription.default': t('configurationGraph:flow.edgeHelp'),
    'controls.ariaLabel': t('configurationGraph:flow.controls'),
    'controls.zoomIn.ariaLabel': t('configurationGraph:flow.zoomIn'),
    'controls.zoomOut.ariaLabel': t('configurationGraph:flow.zoomOut'),
    'controls.fitView.ariaLabel': t('configurationGraph:flow.fitView'),
    'controls.interactive.ariaLabel': t('configurationGraph:flow.interactive'),
    'minimap.ariaLabel': t('configurationGraph:flow.minimap'),
    'handle.ariaLabel': t('configurationGraph:flow.handle'),
  };
}
