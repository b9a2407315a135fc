/** A connector failure (the list's "last error" cell, a run's error line) in the reader's language. */
import { useTranslation } from 'react-i18next';
import type { ConnectorFailure } from '../../../contract/integrations';
import { failureText } from './messages';

export function FailureText({ failure }: { failure: ConnectorFailure | null }) {
  // The texts' language, so the date in a detail reads the same way as the sentence around it.
  const { t, i18n } = useTranslation('integrations');
  return <>{failureText(t, failure, i18n.language === 'en' ? 'en' : 'fr')}</>;
}
