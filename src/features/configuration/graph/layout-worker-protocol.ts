/** Messages between the graph screen and its layout worker. */
import type { LayoutInput, LayoutPositions } from './layout';

export interface LayoutRequest extends LayoutInput {
  id: number;
}

/**
 * Why a layout failed, as a code the screen translates (no English sentence of ours on
 * screen): our deadline passed, the screen dropped it, or the layout library threw — then `message`
 * is that library's (or the browser's worker) text, shown labelled as the layout engine's message.
 */
export type LayoutFailure = { reason: 'timeout'; seconds: number } | { reason: 'aborted' } | { reason: 'engine'; message: string };

export type LayoutResponse = { id: number; ok: true; positions: LayoutPositions; ms: number } | ({ id: number; ok: false } & LayoutFailure);
