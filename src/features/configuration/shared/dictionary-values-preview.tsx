/**
 * What the dictionary being typed gives, value by value (src/nlu/dictionary-values.ts): the rule of
 * `;` (forms of one value) against one line per value, seen on the reader's own text. Only the first
 * lines are read, so a dictionary of thousands of entries costs a keystroke nothing.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryValues } from '../../../nlu';
import type { NluLanguage } from '../../../nlu/types';

const LINES_READ = 200;
const SHOWN = 5;

export function DictionaryValuesPreview({ text, language }: { text: string; language: NluLanguage }) {
  const { t } = useTranslation('nlu');
  const values = useMemo(() => dictionaryValues(text.split('\n', LINES_READ).join('\n'), language), [text, language]);
  if (values.length === 0) return null;
  return (
    <div className="bp6-text-muted" data-testid="dictionary-values">
      {t('dictionaryValues.title')}
      <ul>
        {values.slice(0, SHOWN).map((entry) => (
          <li key={entry.line}>{t(entry.valueFromMatch ? 'dictionaryValues.entryFromMatch' : 'dictionaryValues.entry', { value: entry.value, forms: entry.forms.join(', ') })}</li>
        ))}
      </ul>
      {values.length > SHOWN && t('dictionaryValues.more', { count: values.length - SHOWN })}
    </div>
  );
}
