/** The variation helper (§2.4): the forms the engine accepts for a word, under this dictionary's directives. */
import { useState } from 'react';
import { Callout, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { variationsOf, type NluLanguage } from './engine';
import { Field } from '../../../ui/form';

export function VariationHelper({ language, directives }: { language: NluLanguage; directives: { variation: boolean; spellcheck: boolean } }) {
  const { t } = useTranslation('nlu');
  const [word, setWord] = useState('');
  const report = variationsOf(word, language, directives);
  return (
    <Callout icon="search" data-testid="variation-helper">
      <h2 className="p-card-heading">{t('variations.title')}</h2>
      <Field label={t('variations.word')} labelFor="variation-word" helperText={t('variations.help')}>
        <InputGroup id="variation-word" value={word} onValueChange={setWord} />
      </Field>
      {!directives.variation && <p className="bp6-text-muted">{t('variations.off')}</p>}
      {!directives.spellcheck && <p className="bp6-text-muted">{t('variations.spellcheckOff')}</p>}
      <div aria-live="polite" data-testid="variation-forms">
        {report !== null && (
          <ul className="p-variation-report">
            <li>
              {t('variations.form')} <Tag minimal>{report.form}</Tag>
            </li>
            <li>
              {report.inflection === 'stem' ? (
                <>
                  {t('variations.stem')} <Tag minimal>{report.stem}</Tag>
                </>
              ) : (
                t(report.inflection === 'off' ? 'variations.off' : 'variations.noStemmer')
              )}
            </li>
            <li>
              {t('variations.typos', { count: report.typos })}{' '}
              {report.typoExamples.map((example) => (
                <Tag key={example} minimal style={{ margin: 2 }}>
                  {example}
                </Tag>
              ))}
            </li>
          </ul>
        )}
      </div>
    </Callout>
  );
}
