/**
 * Where the graph opens. Fitted whole when its names stay readable so; otherwise at the readable zoom,
 * on the pipeline's column: the modules centred top to bottom, their column at the left edge with what
 * they use beside it (nothing lies left of the modules). Pure, so it is tested without a browser.
 */
import { getViewportForBounds, type Viewport } from '@xyflow/react';
import { NODE_HEIGHT, NODE_WIDTH } from './node-size';

/** Below this zoom a node's lines (10 to 12 px) are too small to read. */
export const READABLE_ZOOM = 0.8;
/** Space left of the pipeline's column, in screen pixels. */
const LEFT_MARGIN = 24;

type Point = { x: number; y: number };

/**
 * `null`: fit the whole graph (the fit is readable, or there is no pipeline to open on). Otherwise the
 * viewport to open at. `nodes` and `modules` are top-left corners; `canvas` is the drawing area's size.
 */
export function openingView(nodes: readonly Point[], modules: readonly Point[], canvas: { width: number; height: number }, padding = 0.05): Viewport | null {
  if (nodes.length === 0 || modules.length === 0 || canvas.width <= 0 || canvas.height <= 0) return null;
  const left = Math.min(...nodes.map((at) => at.x));
  const top = Math.min(...nodes.map((at) => at.y));
  const right = Math.max(...nodes.map((at) => at.x + NODE_WIDTH));
  const bottom = Math.max(...nodes.map((at) => at.y + NODE_HEIGHT));
  const fit = getViewportForBounds({ x: left, y: top, width: right - left, height: bottom - top }, canvas.width, canvas.height, 0.02, 2, padding);
  if (fit.zoom >= READABLE_ZOOM) return null;

  const zoom = READABLE_ZOOM;
  const column = Math.min(...modules.map((at) => at.x));
  const middle = (Math.min(...modules.map((at) => at.y)) + Math.max(...modules.map((at) => at.y + NODE_HEIGHT))) / 2;
  // A graph narrower than the canvas at this zoom (too tall only) is centred left to right.
  const width = (right - left) * zoom;
  const x = width <= canvas.width ? (canvas.width - width) / 2 - left * zoom : LEFT_MARGIN - column * zoom;
  return { x, y: canvas.height / 2 - middle * zoom, zoom };
}
