/** A page behind a feature flag that is off in this browser: what it is, and a link to the profile where flags are switched on. */
import { type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';
import { EmptyState } from './empty-state';

export function FlagOffPage({ icon, title, description }: { icon: IconName; title: string; description: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="p-page">
      {/* The page's name is its level-one heading (NonIdealState's title would be a fourth level). */}
      <EmptyState
        icon={icon}
        description={
          <>
            <h1 className="p-page__title">{title}</h1>
            <p>{description}</p>
          </>
        }
        action={<Link to={paths.profile()}>{t('actions.openProfile')}</Link>}
      />
    </section>
  );
}
