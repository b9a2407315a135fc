/**
 * The list of opened files as a collapsible tree (folders, and the attachments opened from a file
 * under it), usable with the keyboard as a WAI-ARIA tree view: arrows move, Right/Left open and
 * close a folder, Home/End, Enter or Space opens a file. Rows are flat elements with aria-level (no
 * nested lists) and light (no Blueprint button per row), so a folder of thousands of files stays
 * quick to render; `content-visibility` lets the browser skip laying out rows out of view.
 */
import { memo, useMemo, useRef, useState } from 'react';
import { Icon, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { buildTree, entryKey, keyMove, visibleRows, type TreeRow } from './file-tree-model';
import type { Entry } from './entry';
import { PlainTag } from '../../ui/plain-tag';
import './file-tree.css';

type Props = { entries: Entry[]; selected?: number; onSelect: (id: number) => void };

export function FileTree({ entries, selected, onSelect }: Props) {
  const { t } = useTranslation('filesViewer');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string>();
  const tree = useMemo(() => buildTree(entries), [entries]);
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);
  const container = useRef<HTMLDivElement>(null);
  const selectedKey = selected === undefined ? undefined : entryKey(selected);
  // The row that takes Tab: the focused one if still shown, else the selected file, else the first row.
  const tabKey = rows.some((row) => row.key === focused) ? focused : rows.some((row) => row.key === selectedKey) ? selectedKey : rows[0]?.key;

  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const focusRow = (key: string) => {
    setFocused(key);
    container.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
  };

  return (
    <div
      ref={container}
      role="tree"
      aria-label={t('files')}
      data-testid="file-list"
      className="p-fv-tree"
      onFocus={(event) => {
        const key = (event.target as HTMLElement).dataset.key;
        if (key) setFocused(key);
      }}
      onKeyDown={(event) => {
        const move = keyMove(rows, tabKey, event.key);
        if (!move) return;
        event.preventDefault();
        if (move.toggle) toggle(move.toggle);
        if (move.focus) focusRow(move.focus);
        if (move.select) {
          const row = rows.find((candidate) => candidate.key === move.select);
          if (row?.entry) onSelect(row.entry.id);
        }
      }}
    >
      {rows.map((row) => (
        <Row
          key={row.key}
          row={row}
          selected={row.key === selectedKey}
          tabbable={row.key === tabKey}
          statusLabel={row.entry ? t(`status.${row.entry.status}`) : ''}
          onClick={() => {
            setFocused(row.key);
            if (row.entry) onSelect(row.entry.id);
            else toggle(row.key);
          }}
          onToggle={() => toggle(row.key)}
        />
      ))}
    </div>
  );
}

type RowProps = {
  row: TreeRow<Entry>;
  selected: boolean;
  tabbable: boolean;
  statusLabel: string;
  onClick: () => void;
  onToggle: () => void;
};

const Row = memo(
  function Row({ row, selected, tabbable, statusLabel, onClick, onToggle }: RowProps) {
    const entry = row.entry;
    return (
      <div
        role="treeitem"
        data-key={row.key}
        data-status={entry?.status}
        aria-level={row.level}
        aria-posinset={row.posInSet}
        aria-setsize={row.setSize}
        aria-expanded={row.expandable ? row.expanded : undefined}
        aria-selected={entry ? selected : undefined}
        tabIndex={tabbable ? 0 : -1}
        aria-label={row.label}
        title={entry?.path ?? row.label}
        className={`p-fv-tree__row${selected ? ' p-fv-tree__row--selected' : ''}`}
        style={{ paddingLeft: 4 + (row.level - 1) * 16 }}
        onClick={onClick}
      >
        <span
          className="p-fv-tree__toggle"
          aria-hidden
          onClick={(event) => {
            if (!row.expandable || !entry) return;
            event.stopPropagation();
            onToggle();
          }}
        >
          {row.expandable && <Icon icon={row.expanded ? 'chevron-down' : 'chevron-right'} size={12} />}
        </span>
        <Icon icon={entry ? 'document' : row.expanded ? 'folder-open' : 'folder-close'} size={14} className="p-fv-tree__icon" />
        <span className="p-fv-tree__label">{row.label}</span>
        {entry && (
          // Markup only: a Blueprint Tag measures its text after each change, a forced layout per row per status.
          <PlainTag minimal className="p-fv-tree__status" intent={entry.status === 'error' ? 'danger' : entry.status === 'done' ? 'success' : 'none'}>
            {statusLabel}
          </PlainTag>
        )}
        {/* A static bar, once the parser reports progress: 40 animated striped bars cost ~30 ms of paint per frame. */}
        {entry?.status === 'parsing' && entry.progress > 0 && (
          <ProgressBar className="p-fv-tree__progress" value={entry.progress} animate={false} stripes={false} />
        )}
      </div>
    );
  },
  (before, after) =>
    before.row.key === after.row.key &&
    before.row.entry === after.row.entry &&
    before.row.expanded === after.row.expanded &&
    before.row.level === after.row.level &&
    before.row.posInSet === after.row.posInSet &&
    before.row.setSize === after.row.setSize &&
    before.selected === after.selected &&
    before.tabbable === after.tabbable &&
    before.statusLabel === after.statusLabel,
);
