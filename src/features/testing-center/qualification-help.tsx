/** The qualification screen's keys, written on the screen (collapsed after the first read). */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QUALIFICATION_KEYS } from './qualification-keys';

export function QualificationHelp() {
  const { t } = useTranslation('testingCenter');
  return (
    <Callout compact icon="help" data-testid="qualification-keys" style={{ margin: '0.5rem 0' }}>
      <details>
        <summary>{t('qualification.keys.title')}</summary>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem', margin: '0.5rem 0 0' }}>
          {QUALIFICATION_KEYS.map((binding) => (
            <div key={binding.key} style={{ display: 'contents' }}>
              <dt>
                <kbd>{binding.key.toUpperCase()}</kbd>
              </dt>
              <dd style={{ margin: 0 }}>{t(`qualification.keys.${binding.action}`)}</dd>
            </div>
          ))}
          <dt>
            <kbd>{t('qualification.keys.digits')}</kbd>
          </dt>
          <dd style={{ margin: 0 }}>{t('qualification.keys.digitsHelp')}</dd>
          <dt>
            <kbd>{t('qualification.keys.ctrlEnterKeys')}</kbd>
          </dt>
          <dd style={{ margin: 0 }}>{t('qualification.keys.ctrlEnter')}</dd>
          <dt>{t('qualification.keys.select')}</dt>
          <dd style={{ margin: 0 }}>{t('qualification.keys.selectHelp')}</dd>
        </dl>
        <p style={{ marginBottom: 0 }}>{t('qualification.keys.note')}</p>
      </details>
    </Callout>
  );
}
