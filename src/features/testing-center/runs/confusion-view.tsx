/**
 * The confusion matrix of a category kind (expected rows × obtained columns); a cell is a button that
 * shows the messages behind it. With 50 categories the table holds 2,500 cells: rows are memoised, so
 * choosing a cell re-renders the one or two rows whose selection changed, not the whole matrix. The
 * first paint draws the rows a few at a time, one task each, so opening a large run never holds the
 * main thread for long (the results page's 50 ms budget, bench:testing-center): the page's first commit
 * draws only the header (the data's arrival already renders the metrics and the messages), each later
 * step is a transition, so React splits its render into slices and a click is answered in between.
 * The matrix scrolls in its own box like every table (`TableScroll`): a named region in the tab order
 * while it is wider or taller than the box, a plain box when it fits.
 */
import { memo, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cellKey, type ConfusionMatrix } from '../../../testing-center/confusion';
import { TableScroll } from '../../../ui/data-table';
import { ValueLabel } from '../../../ui/special-value';

type Select = (key: string, ids: string[]) => void;

const MatrixRow = memo(function MatrixRow({ expected, obtained, cells, selected, onSelect }: { expected: string; obtained: readonly string[]; cells: ConfusionMatrix['cells']; selected: string | null; onSelect: Select }) {
  const { t } = useTranslation('testRuns');
  return (
    <tr>
      <th scope="row">
        <ValueLabel value={expected} />
      </th>
      {obtained.map((column) => {
        const key = cellKey(expected, column);
        const ids = cells.get(key);
        if (!ids) return <td key={column} />;
        return (
          <td key={column} className={expected === column ? 'is-diagonal' : 'is-error'}>
            <button type="button" aria-pressed={selected === key} data-cell={`${expected}|${column}`} title={t('result.cellMessages', { count: ids.length, expected, obtained: column })} onClick={() => onSelect(key, ids)}>
              {ids.length}
            </button>
          </td>
        );
      })}
    </tr>
  );
});

/** Rows drawn so far: none on the first commit, then `step` more after each task until `total`. */
function useRowsDrawn(total: number, step: number): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn((count) => count + step)), 0);
    return () => clearTimeout(timer);
  }, [drawn, total, step]);
  return Math.min(drawn, total);
}

/** About 200 cells a task: 500 took 30–45 ms with their layout on a quiet 2-core machine (BENCH_TRACE=1). */
const CELLS_PER_TASK = 200;

export function ConfusionView({ matrix, selected, onSelect }: { matrix: ConfusionMatrix; selected: string | null; onSelect: Select }) {
  const { t } = useTranslation('testRuns');
  const drawn = useRowsDrawn(matrix.expected.length, Math.max(1, Math.floor(CELLS_PER_TASK / Math.max(1, matrix.obtained.length))));
  // The selected cell's row only: other rows keep `null` and skip re-rendering.
  const selectedRow = selected === null ? null : selected.slice(0, selected.indexOf('\u0000'));
  return (
    <TableScroll className="p-confusion" label={t('result.confusion')} vertical>
      <table className="p-confusion-table">
        <thead>
          <tr>
            <th scope="col">
              {t('result.expected')} \ {t('result.obtained')}
            </th>
            {matrix.obtained.map((obtained) => (
              <th key={obtained} scope="col">
                <ValueLabel value={obtained} brief />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.expected.slice(0, drawn).map((expected) => (
            <MatrixRow key={expected} expected={expected} obtained={matrix.obtained} cells={matrix.cells} selected={selectedRow === expected ? selected : null} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
