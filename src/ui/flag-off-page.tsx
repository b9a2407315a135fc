/** A page behind a feature flag that is off in this browser: what it is, and a link to the profile where flags are switched on. */
import { NonIdealState, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';

export function FlagOffPage({ icon, title, description }: { icon: IconName; title: string; description: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="p-page">
      <NonIdealState icon={icon} title={title} description={description} action={<Link to={paths.profile()}>{t('actions.openProfile')}</Link>} />
    </section>
  );
}
