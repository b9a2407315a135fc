/**
 * The automatic layered layout (dagre, left to right): servers and modules on the left, then what
 * they use, layer by layer (contexts, interactions, archetypes, sub-archetypes). Pure; the screen
 * runs it in a worker (layout-worker.ts) since it takes seconds at 2,000 nodes.
 *
 * The pipeline edges are left out of the layering (they would push every module one layer further);
 * the modules then get a column of their own, in pipeline order.
 */
import dagre from '@dagrejs/dagre';
import { NODE_HEIGHT, NODE_WIDTH } from './node-size';

export interface LayoutInput {
  nodes: { id: string; order?: number }[];
  edges: { source: string; target: string; layered: boolean }[];
}

/** Top-left corner of each node, by id. */
export type LayoutPositions = Record<string, { x: number; y: number }>;

export function layoutGraph(input: LayoutInput): LayoutPositions {
  const graph = new dagre.graphlib.Graph({ multigraph: false, compound: false });
  // network-simplex ranking costs seconds above a thousand nodes; longest-path gives the same layers
  // for these graphs (every edge goes from a user to what it uses) at a fraction of the time.
  graph.setGraph({ rankdir: 'LR', ranksep: 120, nodesep: 16, marginx: 20, marginy: 20, ranker: 'longest-path' });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of input.nodes) graph.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of input.edges) if (edge.layered && edge.source !== edge.target) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);

  const positions: LayoutPositions = {};
  for (const node of input.nodes) {
    const placed = graph.node(node.id);
    positions[node.id] = { x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 };
  }
  // The pipeline gets its own column on the left, in module order, centred on the graph: dagre's
  // longest-path ranking would otherwise push a module with a short chain of uses to the right.
  const ordered = input.nodes.filter((node) => node.order !== undefined).sort((a, b) => a.order! - b.order!);
  if (ordered.length > 0) {
    const modules = new Set(ordered.map((node) => node.id));
    const others = input.nodes.filter((node) => !modules.has(node.id)).map((node) => positions[node.id]!);
    const minX = others.length === 0 ? 0 : Math.min(...others.map((at) => at.x));
    const top = others.length === 0 ? 0 : Math.min(...others.map((at) => at.y));
    const bottom = others.length === 0 ? 0 : Math.max(...others.map((at) => at.y + NODE_HEIGHT));
    const step = NODE_HEIGHT + 24;
    const start = (top + bottom) / 2 - (ordered.length * step) / 2;
    ordered.forEach((node, index) => {
      positions[node.id] = { x: minX - NODE_WIDTH - 120, y: Math.max(0, start) + index * step };
    });
  }
  return positions;
}
