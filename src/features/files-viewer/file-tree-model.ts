/**
 * The opened files as a tree: folders from their paths (a folder picked or dropped keeps its
 * structure), attachments opened from a file under that file. `visibleRows` flattens what is
 * expanded into the rows the tree shows, with the ARIA level, position and size of each.
 */
export type TreeEntry = { id: number; path: string; parentId?: number };

export type TreeNode<E extends TreeEntry> = { key: string; label: string; entry?: E; children: TreeNode<E>[] };

export type TreeRow<E extends TreeEntry> = {
  key: string;
  label: string;
  entry?: E;
  level: number;
  posInSet: number;
  setSize: number;
  parentKey?: string;
  expandable: boolean;
  expanded: boolean;
};

export const entryKey = (id: number) => `file:${id}`;

export function buildTree<E extends TreeEntry>(entries: E[]): TreeNode<E>[] {
  const roots: TreeNode<E>[] = [];
  const folders = new Map<string, TreeNode<E>>();
  const files = new Map<number, TreeNode<E>>();
  for (const entry of entries) {
    const parent = entry.parentId === undefined ? undefined : files.get(entry.parentId);
    if (parent) {
      const node: TreeNode<E> = { key: entryKey(entry.id), label: entry.path.split(' › ').pop() ?? entry.path, entry, children: [] };
      parent.children.push(node);
      files.set(entry.id, node);
      continue;
    }
    const segments = entry.path.split('/');
    let siblings = roots;
    for (let depth = 0; depth < segments.length - 1; depth++) {
      const key = `folder:${segments.slice(0, depth + 1).join('/')}`;
      let folder = folders.get(key);
      if (!folder) {
        folder = { key, label: segments[depth]!, children: [] };
        folders.set(key, folder);
        siblings.push(folder);
      }
      siblings = folder.children;
    }
    const node: TreeNode<E> = { key: entryKey(entry.id), label: segments[segments.length - 1]!, entry, children: [] };
    siblings.push(node);
    files.set(entry.id, node);
  }
  return roots;
}

export function visibleRows<E extends TreeEntry>(nodes: TreeNode<E>[], collapsed: ReadonlySet<string>): TreeRow<E>[] {
  const rows: TreeRow<E>[] = [];
  const walk = (level: number, list: TreeNode<E>[], parentKey?: string) => {
    list.forEach((node, index) => {
      const expandable = node.children.length > 0;
      const expanded = expandable && !collapsed.has(node.key);
      rows.push({ key: node.key, label: node.label, entry: node.entry, level, posInSet: index + 1, setSize: list.length, parentKey, expandable, expanded });
      if (expanded) walk(level + 1, node.children, node.key);
    });
  };
  walk(1, nodes);
  return rows;
}

export type TreeMove = { focus?: string; toggle?: string; select?: string };

/** What a key does on the focused row (WAI-ARIA tree view pattern). */
export function keyMove<E extends TreeEntry>(rows: TreeRow<E>[], focusedKey: string | undefined, key: string): TreeMove | undefined {
  const index = Math.max(0, rows.findIndex((row) => row.key === focusedKey));
  const row = rows[index];
  if (!row) return undefined;
  switch (key) {
    case 'ArrowDown':
      return { focus: rows[Math.min(rows.length - 1, index + 1)]!.key };
    case 'ArrowUp':
      return { focus: rows[Math.max(0, index - 1)]!.key };
    case 'Home':
      return { focus: rows[0]!.key };
    case 'End':
      return { focus: rows[rows.length - 1]!.key };
    case 'ArrowRight':
      if (row.expandable && !row.expanded) return { toggle: row.key };
      if (row.expanded) return { focus: rows[index + 1]?.key ?? row.key };
      return {};
    case 'ArrowLeft':
      if (row.expanded) return { toggle: row.key };
      return row.parentKey ? { focus: row.parentKey } : {};
    case 'Enter':
    case ' ':
      return row.entry ? { select: row.key } : { toggle: row.key };
    default:
      return undefined;
  }
}
