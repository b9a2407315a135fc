/**
 * Where "accept obtained" (key O) takes its values from: the message's latest test run, named as the
 * tests list names it — environment, version (or the current configuration) and launch date, in the
 * reader's language — never by its id.
 */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';

export interface ObtainedRun {
  environmentName: string;
  versionName: string | null;
  createdAt: string;
}

export function ObtainedSource({ run, language }: { run: ObtainedRun | null; language: Language }) {
  const { t } = useTranslation('testingCenter');
  return (
    <span className="bp6-text-muted" data-testid="obtained-source">
      {run
        ? t('qualification.obtainedFrom', { environment: run.environmentName, version: run.versionName ?? t('qualification.currentConfiguration'), date: formatDateTime(run.createdAt, language) })
        : t('qualification.noRun')}
    </span>
  );
}
