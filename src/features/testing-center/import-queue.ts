/**
 * The import's queue: one bank message per file, each checked against the §5 upload rules before it
 * is sent (the `uploadProblems` the server runs too), then sent one after the other with progress.
 */
import { uploadProblems, type UploadProblem } from '../../contract/uploads';

export type ImportStatus = 'waiting' | 'sending' | 'done' | 'refused' | 'failed';

export interface ImportItem {
  key: string;
  path: string;
  file: File;
  status: ImportStatus;
  /** 0..1 while sending. */
  progress: number;
  problems: UploadProblem[];
  error: string | null;
  messageId: string | null;
}

let nextKey = 1;

/** Queue items for picked files; a file the rules refuse is marked at once and never sent. */
export function queueItems(picked: readonly { path: string; file: File }[]): ImportItem[] {
  return picked.map(({ path, file }) => {
    const problems = uploadProblems([{ name: file.name, size: file.size }]);
    return {
      key: `import-${nextKey++}`,
      path,
      file,
      status: problems.length > 0 ? 'refused' : 'waiting',
      progress: 0,
      problems,
      error: null,
      messageId: null,
    };
  });
}

/** Files whose names start with a dot (.DS_Store...) come with folders; they are not messages. */
export function withoutHiddenFiles<T extends { file: File }>(picked: readonly T[]): T[] {
  return picked.filter(({ file }) => !file.name.startsWith('.'));
}

export function importSummary(items: readonly ImportItem[]) {
  const count = (status: ImportStatus) => items.filter((item) => item.status === status).length;
  return { total: items.length, done: count('done'), refused: count('refused'), failed: count('failed'), waiting: count('waiting') + count('sending') };
}
