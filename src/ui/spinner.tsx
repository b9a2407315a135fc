/**
 * Blueprint's Spinner, named for screen readers in the reader's language: Blueprint calls
 * every spinner "loading". A spinner given its own `aria-label` keeps it. Lint sends every import of
 * Blueprint's Spinner here.
 */
import { Spinner as BlueprintSpinner, type SpinnerProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function Spinner(props: SpinnerProps) {
  const { t } = useTranslation('common');
  return <BlueprintSpinner aria-label={t('loading')} {...props} />;
}
