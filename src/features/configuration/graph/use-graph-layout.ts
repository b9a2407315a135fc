/**
 * Lays out the visible part of the graph in the layout worker, again whenever it changes (another
 * snapshot, another module filter). Marks `graph:layout` in the page's performance timeline (the
 * bench reads it).
 */
import { useEffect, useState } from 'react';
import type { ConfigurationGraph } from './build-graph';
import type { LayoutPositions } from './layout';
import type { LayoutFailure } from './layout-worker-protocol';
import { layoutInWorker } from './layout-client';

export type LayoutState = { status: 'running' } | { status: 'done'; positions: LayoutPositions } | { status: 'failed'; failure: LayoutFailure };

export function useGraphLayout(graph: ConfigurationGraph, visible: ReadonlySet<string>): LayoutState {
  const [state, setState] = useState<{ graph: ConfigurationGraph | null; visible: ReadonlySet<string> | null; layout: LayoutState }>({
    graph: null,
    visible: null,
    layout: { status: 'running' },
  });
  useEffect(() => {
    const controller = new AbortController();
    const nodes = graph.nodes.filter((node) => visible.has(node.id)).map((node) => ({ id: node.id, ...(node.order === undefined ? {} : { order: node.order }) }));
    const edges = graph.edges
      .filter((edge) => visible.has(edge.source) && visible.has(edge.target))
      .map((edge) => ({ source: edge.source, target: edge.target, layered: edge.kind !== 'pipeline' }));
    performance.mark('graph:layout-start');
    void layoutInWorker({ nodes, edges }, controller.signal).then((response) => {
      if (controller.signal.aborted) return;
      performance.measure('graph:layout', 'graph:layout-start');
      setState({ graph, visible, layout: response.ok ? { status: 'done', positions: response.positions } : { status: 'failed', failure: response } });
    });
    return () => controller.abort();
  }, [graph, visible]);
  // A layout computed for an earlier graph or filter is not shown while the new one runs.
  return state.graph === graph && state.visible === visible ? state.layout : { status: 'running' };
}
