/** Profile: display preferences (font size, dark mode, language) and the per-browser feature flags. */
import { Card, HTMLSelect, SegmentedControl, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  fontSizeName,
  fontSizes,
  languages,
  savePreference,
  usePreferences,
  type FontSizeName,
  type Language,
} from '../../storage/preferences';
import { FeatureFlagList } from './feature-flag-list';
import { Field } from '../../ui/form';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const preferences = usePreferences();
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('title')}</h1>
      <Card className="p-section">
        <h2>{t('preferences.title')}</h2>
        <Field label={t('preferences.fontSize')}>
          <SegmentedControl
            aria-label={t('preferences.fontSize')}
            value={fontSizeName(preferences.fontSize)}
            onValueChange={(value) => savePreference('fontSize', fontSizes[value as FontSizeName])}
            options={(Object.keys(fontSizes) as FontSizeName[]).map((name) => ({
              value: name,
              label: t(`preferences.fontSizes.${name}`),
            }))}
          />
        </Field>
        <Switch
          label={t('preferences.darkMode')}
          checked={preferences.darkMode}
          onChange={(event) => savePreference('darkMode', event.currentTarget.checked)}
        />
        <Field label={t('preferences.language')} labelFor="pref-language">
          <HTMLSelect
            id="pref-language"
            value={preferences.language}
            onChange={(event) => savePreference('language', event.currentTarget.value as Language)}
            options={languages.map((language) => ({ value: language, label: t(`preferences.languages.${language}`) }))}
          />
        </Field>
      </Card>
      <Card className="p-section">
        <h2>{t('flags.title')}</h2>
        <p className="bp6-text-muted">{t('flags.intro')}</p>
        <FeatureFlagList />
      </Card>
    </section>
  );
}
