/**
 * The analyses list's column chooser: a popover of checkboxes, loaded when it is first opened
 * (src/ui/popover-on-demand.tsx), so the list does not download Blueprint's popover to show itself.
 */
import type { ReactElement } from 'react';
import { Checkbox, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { COLUMNS, FIXED_COLUMNS, setColumnShown, type Column } from './columns';

export function ColumnsPopover({ columns, children }: { columns: Column[]; children: ReactElement }) {
  const { t } = useTranslation('analyses');
  const menu = (
    <div className="p-analyses-columns" style={{ padding: '0.75rem' }}>
      {COLUMNS.map((column) => (
        <Checkbox
          key={column}
          label={t(`columns.${column}`)}
          checked={columns.includes(column)}
          disabled={FIXED_COLUMNS.includes(column)}
          onChange={(event) => void setColumnShown(column, event.currentTarget.checked)}
        />
      ))}
    </div>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end">
      {children}
    </PopoverNext>
  );
}
