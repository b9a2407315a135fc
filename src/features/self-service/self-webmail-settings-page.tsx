/**
 * TEMPORARY (issue 22, branch self-webmail): /self/:envId/settings shows the webmail panel alone until
 * the use case's settings page (branch self-pages) mounts `SelfWebmailPanel` itself; drop this file and
 * its route at that merge.
 */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelfWebmailPanel } from './self-webmail-panel';

export function SelfWebmailSettingsPage() {
  const { t } = useTranslation('selfWebmail');
  const { envId = '' } = useParams();
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('title')}</h1>
      <SelfWebmailPanel environmentId={envId} />
    </section>
  );
}
