/**
 * The module's rules in order: name, kind, what it reads, its problems; move up and down, edit,
 * delete (confirmed). The order is the order fields appear in the result.
 */
import { Button, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldRuleInput, OcrRuleProblem } from '../../../contract/ocr-data-extraction';
import { problemText } from './messages';
import { ruleSummary } from './rule-form';
import { DataTable } from '../../../ui/data-table';

export interface RulesTableProps {
  rules: readonly FieldRuleInput[];
  problems: readonly OcrRuleProblem[];
  selected: number | null;
  canEdit: boolean;
  onEdit: (index: number) => void;
  onMove: (index: number, to: number) => void;
  onDelete: (index: number) => void;
}

export function RulesTable({ rules, problems, selected, canEdit, onEdit, onMove, onDelete }: RulesTableProps) {
  const { t } = useTranslation('ocrRules');
  if (rules.length === 0) return <p data-testid="ocr-rules-empty">{t('empty')}</p>;
  return (
    <DataTable compact striped interactive style={{ width: '100%' }} data-testid="ocr-rules">
      <thead>
        <tr>
          <th>{t('columns.position')}</th>
          <th>{t('columns.name')}</th>
          <th>{t('columns.by')}</th>
          <th>{t('columns.detail')}</th>
          <th>{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule, index) => {
          const own = problems.filter((problem) => problem.index === index);
          const name = rule.name || '—';
          return (
            <tr key={index} data-testid="ocr-rule-row" aria-selected={selected === index} style={selected === index ? { boxShadow: 'inset 3px 0 0 var(--bp-intent-primary-rest, #2d72d2)' } : undefined}>
              <td>{index + 1}</td>
              <td data-testid="ocr-rule-name">{name}</td>
              <td>{t(`by.${rule.by}`)}</td>
              <td>
                <span data-testid="ocr-rule-detail">{ruleSummary(t, rule)}</span>
                {own.map((problem) => (
                  <Tag key={`${problem.field}-${problem.code}`} intent={Intent.DANGER} minimal style={{ marginLeft: 4 }}>
                    {problemText(problem)}
                  </Tag>
                ))}
              </td>
              <td>
                <Button small minimal icon={canEdit ? 'edit' : 'eye-open'} aria-label={t('actions.edit', { name })} onClick={() => onEdit(index)} />
                {canEdit && (
                  <>
                    <Button small minimal icon="arrow-up" aria-label={t('actions.up', { name })} disabled={index === 0} onClick={() => onMove(index, index - 1)} />
                    <Button small minimal icon="arrow-down" aria-label={t('actions.down', { name })} disabled={index === rules.length - 1} onClick={() => onMove(index, index + 1)} />
                    <Button small minimal icon="trash" intent={Intent.DANGER} aria-label={t('actions.delete', { name })} onClick={() => onDelete(index)} />
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
