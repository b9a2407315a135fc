/** The size every graph node is drawn at (graph.css) and laid out with (layout.ts). */
export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 52;
