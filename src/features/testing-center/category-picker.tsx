/**
 * Expected categories picked from the environment's categories, never typed: a filter, then one
 * checkbox per category (the first nine numbered for the 1–9 keys of the qualification screen, which
 * the page handles), and "no category" to confirm that nothing is expected (NO_CATEGORY). A category
 * the message expects that the environment no longer has stays listed, marked, so it can be removed.
 */
import { useId, useMemo, useState } from 'react';
import { Button, Checkbox, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface CategoryOption {
  name: string;
  description: string;
}

/** How many categories have a number key. */
export const NUMBERED_CATEGORIES = 9;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function CategoryPicker({
  label,
  options,
  selected,
  confirmedNone,
  numbered,
  onChange,
}: {
  label: string;
  options: readonly CategoryOption[];
  selected: readonly string[];
  /** Nothing selected and the qualifier said so. */
  confirmedNone: boolean;
  /** Show the 1–9 key of the first nine (the body categories, which the keys act on). */
  numbered: boolean;
  onChange: (names: string[]) => void;
}) {
  const { t } = useTranslation('testingCenter');
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const known = useMemo(() => new Set(options.map((option) => option.name)), [options]);
  const listed = useMemo(
    () => [...options.map((option, index) => ({ ...option, key: numbered && index < NUMBERED_CATEGORIES ? index + 1 : null, unknown: false })), ...selected.filter((name) => !known.has(name)).map((name) => ({ name, description: '', key: null, unknown: true }))],
    [options, selected, known, numbered],
  );
  const shown = filter.trim() === '' ? listed : listed.filter((option) => fold(option.name).includes(fold(filter.trim())));
  const toggle = (name: string, on: boolean) => onChange(on ? [...selected, name] : selected.filter((item) => item !== name));

  return (
    <div className="p-category-picker" role="group" aria-label={label}>
      {options.length > 8 && (
        <InputGroup
          id={filterId}
          small
          leftIcon="filter"
          type="search"
          aria-label={t('qualification.filterCategories')}
          placeholder={t('qualification.filterCategories')}
          value={filter}
          onValueChange={setFilter}
          onKeyDown={(event) => {
            // Enter picks the first category left by the filter, alone (as its number key would).
            if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && shown[0]) {
              event.preventDefault();
              onChange([shown[0].name]);
              setFilter('');
            } else if (event.key === 'Escape' && filter !== '') {
              event.stopPropagation();
              setFilter('');
            }
          }}
          data-category-filter
          style={{ marginBottom: '0.5rem' }}
        />
      )}
      {options.length === 0 && <p className="bp6-text-muted">{t('qualification.noCategories')}</p>}
      <div className="p-category-picker__list" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {shown.map((option) => (
          <Checkbox
            key={option.name}
            checked={selected.includes(option.name)}
            onChange={(event) => toggle(option.name, event.currentTarget.checked)}
            data-category={option.name}
            style={{ margin: 0 }}
            labelElement={
              <span title={option.description || undefined}>
                {option.key !== null && <kbd className="p-category-picker__key">{option.key}</kbd>} {option.name}{' '}
                {option.unknown && (
                  <Tag minimal intent="warning">
                    {t('qualification.unknownCategory')}
                  </Tag>
                )}
              </span>
            }
          />
        ))}
        {shown.length === 0 && options.length > 0 && <p className="bp6-text-muted">{t('qualification.noCategoryMatch')}</p>}
      </div>
      <Button
        small
        minimal={!confirmedNone}
        active={confirmedNone}
        icon={confirmedNone ? 'tick' : 'disable'}
        aria-pressed={confirmedNone}
        text={numbered ? t('qualification.noCategoryKey') : t('qualification.noCategoryButton')}
        onClick={() => onChange([])}
        style={{ marginTop: '0.25rem' }}
      />
    </div>
  );
}
