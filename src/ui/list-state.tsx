/** Loading, error and empty states of a list, so every list shows them the same way. */
import type { ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { Spinner } from './spinner';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';

/** What ListState reads of a React Query result: pending, error and a retry. */
interface ListQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
  /** `paused`: React Query waits for the network (offline) before it even asks. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}

type ListSource =
  /** `error`, when given, is shown instead of the query's own (the screen's translation of it, or "not found" once loaded). */
  | { query: ListQuery; error?: unknown; isPending?: never; onRetry?: never }
  | { query?: never; isPending: boolean; error: unknown; onRetry?: () => void };

/**
 * Give `query` (a query result: pending, error and retry from it), or the three states by hand (a
 * screen that waits on several queries). The error reads the code's translated text (errorMessage);
 * leave out `isEmpty` for a single item.
 */
export function ListState(
  props: ListSource & { isEmpty?: boolean; emptyText?: string; errorText: string; children: ReactNode },
) {
  const { isEmpty = false, emptyText = '', errorText, children } = props;
  const isPending = props.query ? props.query.isPending : props.isPending;
  const error = props.query && props.error === undefined ? props.query.error : props.error;
  const refetch = props.query ? props.query.refetch : props.onRetry;
  const { t } = useTranslation();
  // Offline with nothing cached (a page never opened on this device): say so, not a spinner for ever.
  if (isPending && props.query?.fetchStatus === 'paused') {
    return (
      <NonIdealState
        icon="offline"
        title={t('connectivity.unavailable')}
        description={t('connectivity.unavailableHelp')}
        action={<Button text={t('actions.retry')} onClick={() => void refetch?.()} />}
        data-testid="offline-unavailable"
      />
    );
  }
  if (isPending) return <Spinner aria-label={t('loading')} size={30} />;
  if (error) return <LoadError title={errorText} query={{ error, refetch }} />;
  if (isEmpty) return <NonIdealState icon="inbox" title={emptyText} />;
  return <>{children}</>;
}
