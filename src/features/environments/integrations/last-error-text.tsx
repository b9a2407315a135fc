/** The connector list's "last error" cell and a run's error line, in the reader's language. */
import { useTranslation } from 'react-i18next';
import type { ConnectorFailure } from '../../../contract/integrations';
import type { Language } from '../../../storage/preferences';
import { lastErrorText, runErrorText } from './messages';

export function LastErrorText({ failure, language }: { failure: ConnectorFailure | null; language: Language }) {
  const { t } = useTranslation('integrations');
  return <>{lastErrorText(t, failure, language)}</>;
}

export function RunErrorText({ error, language }: { error: string | null; language: Language }) {
  const { t } = useTranslation('integrations');
  return <>{runErrorText(t, error, language)}</>;
}
