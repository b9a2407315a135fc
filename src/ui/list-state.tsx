/** Loading, error and empty states of a list, so every list shows them the same way. */
import type { ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';

export function ListState({
  isPending,
  error,
  isEmpty,
  emptyText,
  errorText,
  onRetry,
  children,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  errorText: string;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isPending) return <Spinner aria-label={t('loading')} size={30} />;
  if (error) {
    return (
      <NonIdealState
        icon="error"
        title={errorText}
        description={errorMessage(error)}
        action={onRetry && <Button text={t('actions.retry')} onClick={onRetry} />}
      />
    );
  }
  if (isEmpty) return <NonIdealState icon="inbox" title={emptyText} />;
  return <>{children}</>;
}
