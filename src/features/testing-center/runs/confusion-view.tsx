/**
 * The confusion matrix of a category kind (expected rows × obtained columns); a cell is a button that
 * shows the messages behind it. With 50 categories the table is 50 × 50: cells are plain buttons, the
 * matrix itself is computed once per run and kind (useMemo in the result page).
 */
import { useTranslation } from 'react-i18next';
import { cellKey, type ConfusionMatrix } from '../../../testing-center/confusion';

export function ConfusionView({ matrix, selected, onSelect }: { matrix: ConfusionMatrix; selected: string | null; onSelect: (key: string, ids: string[]) => void }) {
  const { t } = useTranslation('testRuns');
  return (
    <div className="p-confusion" role="region" aria-label={t('result.confusion')} tabIndex={0}>
      <table className="p-confusion-table">
        <thead>
          <tr>
            <th scope="col">
              {t('result.expected')} \ {t('result.obtained')}
            </th>
            {matrix.obtained.map((obtained) => (
              <th key={obtained} scope="col">
                {obtained}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.expected.map((expected) => (
            <tr key={expected}>
              <th scope="row">{expected}</th>
              {matrix.obtained.map((obtained) => {
                const key = cellKey(expected, obtained);
                const ids = matrix.cells.get(key);
                if (!ids) return <td key={obtained} />;
                const diagonal = expected === obtained;
                return (
                  <td key={obtained} className={diagonal ? 'is-diagonal' : 'is-error'}>
                    <button
                      type="button"
                      aria-pressed={selected === key}
                      data-cell={`${expected}|${obtained}`}
                      title={t('result.cellMessages', { count: ids.length, expected, obtained })}
                      onClick={() => onSelect(key, ids)}
                    >
                      {ids.length}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
