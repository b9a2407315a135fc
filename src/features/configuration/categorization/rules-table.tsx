/**
 * A category's rules by priority: reorder with the keyboard (arrow keys on a row's handle) or by
 * dragging a row, enable/disable, duplicate, delete (confirmed), open. Moves are announced to screen
 * readers and keep the focus on the moved rule's handle.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonGroup, Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Rule } from '../../../contract/categorization';
import { criterionText } from '../../../ui/criterion-text';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { tr } from '../../../ui/message';
import { byPriority, duplicateRule, moveRule } from './rule-order';
import { newId } from './use-config-editor';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/data-table';

export function RulesTable({ rules, onChange, readOnly, linkTo }: { rules: readonly Rule[]; onChange: (rules: Rule[]) => void; readOnly: boolean; linkTo: (ruleId: string) => string }) {
  const { t } = useTranslation('categorization');
  const ordered = byPriority(rules);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [focusRule, setFocusRule] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);

  useEffect(() => {
    if (focusRule) handles.current.get(focusRule)?.focus();
  }, [focusRule, rules]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ordered.length || from === to) return;
    const rule = ordered[from]!;
    onChange(moveRule(ordered, from, to));
    setFocusRule(rule.id);
    setAnnounce(t('rules.moved', { name: rule.name, position: to + 1, count: ordered.length }));
  };
  const remove = async (rule: Rule) => {
    if (!(await confirm({ title: tr('categorization:rules.deleteTitle'), body: tr('categorization:rules.deleteConfirm', { name: rule.name }), danger: true }))) return;
    onChange(ordered.filter((item) => item.id !== rule.id));
  };

  if (ordered.length === 0) return <EmptyState icon="list" title={t('rules.empty')} />;
  return (
    <>
      <p className="bp6-text-muted">{t('rules.reorderHelp')}</p>
      <DataTable className="p-table" compact aria-label={t('rules.title')}>
        <thead>
          <tr>
            <th />
            <th>{t('rules.priority')}</th>
            <th>{t('rules.name')}</th>
            <th>{t('rules.criteria')}</th>
            <th>{t('rules.enabled')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {ordered.map((rule, index) => (
            <tr
              key={rule.id}
              data-testid="rule-row"
              draggable={!readOnly}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', rule.id);
                setDragged(index);
              }}
              onDragOver={(event) => {
                if (dragged !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={dragged === index ? 'p-dragging' : undefined}
            >
              <td>
                {!readOnly && (
                  <Button
                    variant="minimal"
                    icon="drag-handle-vertical"
                    aria-label={t('rules.moveOf', { name: rule.name })}
                    ref={(element) => {
                      if (element) handles.current.set(rule.id, element);
                      else handles.current.delete(rule.id);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                        event.preventDefault();
                        move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
                      }
                    }}
                  />
                )}
              </td>
              <td data-testid="rule-priority">{rule.priority}</td>
              <td>
                <Link to={linkTo(rule.id)} data-testid="rule-name">
                  {rule.name}
                </Link>
              </td>
              <td>{rule.criteria.map(criterionText).join(rule.combinator === 'and' ? ` ${t('combinator.and')} ` : ` ${t('combinator.or')} `) || '—'}</td>
              <td>
                <Switch
                  checked={rule.enabled}
                  disabled={readOnly}
                  aria-label={t('rules.enabledOf', { name: rule.name })}
                  onChange={() => onChange(ordered.map((item) => (item.id === rule.id ? { ...item, enabled: !item.enabled } : item)))}
                />
              </td>
              <td>
                {!readOnly && (
                  <ButtonGroup variant="minimal">
                    <Button icon="duplicate" aria-label={t('rules.duplicateOf', { name: rule.name })} onClick={() => onChange(duplicateRule(ordered, index, newId('rule'), t('rules.copyName', { name: rule.name })))} />
                    <Button icon="trash" intent={Intent.DANGER} aria-label={t('rules.deleteOf', { name: rule.name })} onClick={() => void remove(rule)} />
                  </ButtonGroup>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <div aria-live="polite" className="bp6-text-muted" data-testid="rules-announce">
        {announce}
      </div>
    </>
  );
}
