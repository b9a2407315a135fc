/** Where the graph opens: fitted while readable, else at the readable zoom on the pipeline's column. */
import { describe, expect, it } from 'vitest';
import { buildGraph } from './build-graph';
import { layoutGraph } from './layout';
import { NODE_HEIGHT, NODE_WIDTH } from './node-size';
import { openingView, READABLE_ZOOM } from './opening-view';
import { syntheticSnapshot } from './synthetic';

const canvas = { width: 900, height: 560 };

describe('openingView', () => {
  it('fits a graph whose fit stays readable', () => {
    const nodes = [{ x: 0, y: 0 }, { x: 320, y: 0 }, { x: 320, y: 80 }];
    expect(openingView(nodes, [nodes[0]!], canvas)).toBeNull();
  });

  it('opens a large graph at the readable zoom, its modules centred top to bottom and their column at the left edge', () => {
    const graph = buildGraph(syntheticSnapshot(500), []);
    const positions = layoutGraph({
      nodes: graph.nodes.map((node) => ({ id: node.id, ...(node.order === undefined ? {} : { order: node.order }) })),
      edges: graph.edges.map((edge) => ({ source: edge.source, target: edge.target, layered: edge.kind !== 'pipeline' })),
    });
    const modules = graph.nodes.filter((node) => node.kind === 'module').map((node) => positions[node.id]!);
    const view = openingView(Object.values(positions), modules, canvas);
    expect(view?.zoom).toBe(READABLE_ZOOM);
    const screen = (at: { x: number; y: number }) => ({ x: at.x * view!.zoom + view!.x, y: at.y * view!.zoom + view!.y });
    // Every module on screen, the column near the left edge.
    for (const module of modules) {
      const at = screen(module);
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.x + NODE_WIDTH * view!.zoom).toBeLessThanOrEqual(canvas.width);
      expect(at.y).toBeGreaterThanOrEqual(0);
      expect(at.y + NODE_HEIGHT * view!.zoom).toBeLessThanOrEqual(canvas.height);
    }
    expect(screen(modules[0]!).x).toBeLessThan(50);
  });

  it('centres left to right a graph that is only too tall', () => {
    const nodes = Array.from({ length: 40 }, (_, i) => ({ x: 0, y: i * 70 }));
    const view = openingView(nodes, nodes.slice(0, 3), canvas)!;
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(view.x).toBeCloseTo((canvas.width - NODE_WIDTH * READABLE_ZOOM) / 2);
  });

  it('fits when there is no pipeline to open on or no room measured yet', () => {
    const nodes = Array.from({ length: 40 }, (_, i) => ({ x: 0, y: i * 70 }));
    expect(openingView(nodes, [], canvas)).toBeNull();
    expect(openingView(nodes, nodes, { width: 0, height: 0 })).toBeNull();
  });
});
