/**
 * /self/{envId}/analyses/result?id={analysisId} (spec §2.2: the self-service result has no id in its
 * path, so the analysis is named in the query): the light user's simplified result, refreshed while
 * it runs, with a way back to the use case's analyses.
 */
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';

import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { serverCode } from '../../api/errors';
import { paths } from '../../app/paths';
import { analysisErrorText } from './analysis-errors';
import { LightResultView } from './light-result-view';
import { analysesQueries } from './queries';
import { EmptyState } from '../../ui/empty-state';

export function LightResultPage() {
  const { t } = useTranslation(['selfService', 'common']);
  const { t: tAnalyses } = useTranslation('analyses');
  const { envId = '' } = useParams();
  const [search] = useSearchParams();
  const analysisId = search.get('id') ?? '';
  const detail = useQuery({ ...analysesQueries.detail(envId, analysisId), enabled: analysisId !== '' });
  // Only for the extracted fields' labels: the result shows their names until (or if not) it answers.
  const settings = useQuery(analysesQueries.settings(envId));
  const back = (
    <Link to={paths.selfAnalyses(envId)}>
      ← {t('result.back')}
    </Link>
  );

  let body: React.JSX.Element;
  if (analysisId === '') body = <EmptyState icon="search" title={tAnalyses('errors.analysisNotFound')} action={back} />;
  else if (detail.isPending) body = <Pending queries={[detail]} aria-label={t('common:loading')} size={30} />;
  else if (detail.error) {
    body = <EmptyState icon={serverCode(detail.error) === 'analysisAnonymized' ? 'eye-off' : 'error'} title={analysisErrorText(tAnalyses, detail.error)} action={back} />;
  } else body = <LightResultView analysis={detail.data} envId={envId} modules={settings.data?.settings.modules} />;

  return (
    <section className="p-page">
      <p>{back}</p>
      <h2>{detail.data ? detail.data.name : t('result.title')}</h2>
      {body}
    </section>
  );
}
