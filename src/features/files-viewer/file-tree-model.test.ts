import { describe, expect, it } from 'vitest';
import { buildTree, entryKey, keyMove, visibleRows } from './file-tree-model';

const entries = [
  { id: 1, path: 'fixtures/eml/a.eml' },
  { id: 2, path: 'fixtures/eml/b.eml' },
  { id: 3, path: 'fixtures/msg/c.msg' },
  { id: 4, path: 'fixtures/msg/c.msg › d.pdf', parentId: 3 },
  { id: 5, path: 'fixtures/README.md' },
];
const labels = (collapsed: string[] = []) => visibleRows(buildTree(entries), new Set(collapsed)).map((row) => `${row.level}:${row.label}`);

describe('files tree', () => {
  it('nests folders from the paths and opened attachments under their file', () => {
    expect(labels()).toEqual(['1:fixtures', '2:eml', '3:a.eml', '3:b.eml', '2:msg', '3:c.msg', '4:d.pdf', '2:README.md']);
  });

  it('hides what a collapsed folder holds', () => {
    expect(labels(['folder:fixtures/eml', entryKey(3)])).toEqual(['1:fixtures', '2:eml', '2:msg', '3:c.msg', '2:README.md']);
    expect(labels(['folder:fixtures'])).toEqual(['1:fixtures']);
  });

  it('moves with the arrows, opens and closes folders, and opens files with Enter', () => {
    const rows = visibleRows(buildTree(entries), new Set());
    expect(keyMove(rows, 'folder:fixtures', 'ArrowDown')).toEqual({ focus: 'folder:fixtures/eml' });
    expect(keyMove(rows, 'folder:fixtures/eml', 'ArrowLeft')).toEqual({ toggle: 'folder:fixtures/eml' });
    expect(keyMove(rows, entryKey(2), 'ArrowLeft')).toEqual({ focus: 'folder:fixtures/eml' });
    expect(keyMove(rows, entryKey(2), 'Enter')).toEqual({ select: entryKey(2) });
    expect(keyMove(rows, 'folder:fixtures/msg', ' ')).toEqual({ toggle: 'folder:fixtures/msg' });
    expect(keyMove(rows, entryKey(1), 'End')).toEqual({ focus: entryKey(5) });
    expect(keyMove(rows, entryKey(5), 'Home')).toEqual({ focus: 'folder:fixtures' });
    expect(keyMove(rows, 'folder:fixtures', 'ArrowRight')).toEqual({ focus: 'folder:fixtures/eml' });
    const closed = visibleRows(buildTree(entries), new Set(['folder:fixtures/msg']));
    expect(keyMove(closed, 'folder:fixtures/msg', 'ArrowRight')).toEqual({ toggle: 'folder:fixtures/msg' });
    expect(keyMove(rows, entryKey(1), 'x')).toBeUndefined();
  });
});
