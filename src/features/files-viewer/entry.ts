/** A file opened in the files viewer (dropped, picked, or an attachment opened from another), as the page and its tree show it. */
import type { ParseResponse } from '../../parsing/protocol';

export type Entry = {
  id: number;
  path: string;
  /** The file's own name and type (as the browser or the parent mail gives it), for its analysis. */
  name: string;
  contentType: string;
  /** The file an opened attachment comes from (shown under it in the tree). */
  parentId?: number;
  bytes?: Uint8Array;
  status: 'waiting' | 'parsing' | 'done' | 'error';
  progress: number;
  result?: ParseResponse;
};
