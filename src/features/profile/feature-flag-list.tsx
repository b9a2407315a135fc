import { Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { featureFlags, setFlag, useFlag, type FeatureFlag } from '../../storage/feature-flags';

function FlagRow({ flag }: { flag: FeatureFlag }) {
  const { t } = useTranslation('profile');
  const enabled = useFlag(flag.id);
  return (
    <li className="p-flag">
      <Switch
        checked={enabled}
        disabled={flag.forceEnabled}
        onChange={(event) => setFlag(flag.id, event.currentTarget.checked)}
        labelElement={<strong>{t(`flags.items.${flag.id}.label`)}</strong>}
        aria-describedby={`flag-${flag.id}-description`}
      />
      {flag.forceEnabled && <Tag minimal>{t('flags.forced')}</Tag>}
      <p id={`flag-${flag.id}-description`} className="p-flag__description">
        {t(`flags.items.${flag.id}.description`)}
      </p>
    </li>
  );
}

export function FeatureFlagList() {
  return (
    <ul className="p-flag-list">
      {featureFlags.map((flag) => (
        <FlagRow key={flag.id} flag={flag} />
      ))}
    </ul>
  );
}
