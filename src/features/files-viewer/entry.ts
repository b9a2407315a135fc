/** A file opened in the files viewer (dropped, picked, or an attachment opened from another), as the page and its tree show it. */
import type { ParseResponse } from '../../parsing/protocol';

export type Entry = {
  id: number;
  path: string;
  /** The file an opened attachment comes from (shown under it in the tree). */
  parentId?: number;
  bytes?: Uint8Array;
  status: 'waiting' | 'parsing' | 'done' | 'error';
  progress: number;
  result?: ParseResponse;
};
