/** Messages between the graph screen and its layout worker. */
import type { LayoutInput, LayoutPositions } from './layout';

export interface LayoutRequest extends LayoutInput {
  id: number;
}

export type LayoutResponse = { id: number; ok: true; positions: LayoutPositions; ms: number } | { id: number; ok: false; message: string };
