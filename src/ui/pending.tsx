/**
 * What a screen shows while it waits on its data. Usually a spinner; but offline, a query whose data
 * was never loaded on this device does not even start (React Query's `networkMode: 'online'` pauses
 * it until the network is back), so a spinner would turn for ever: the screen says the data is not
 * available offline, with a retry, and fills itself once the network returns.
 */
import { Button, type SpinnerProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import { EmptyState } from './empty-state';

/** What Pending reads of a React Query result. */
export interface WaitedQuery {
  isPending: boolean;
  /** `paused`: React Query waits for the network before it even asks. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/** The queries among `queries` that wait for the network with nothing to show. */
export function pausedOffline(queries: readonly WaitedQuery[]): WaitedQuery[] {
  return queries.filter((query) => query.isPending && query.fetchStatus === 'paused');
}

export function OfflineUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon="offline"
      title={t('connectivity.unavailable')}
      description={t('connectivity.unavailableHelp')}
      action={<Button text={t('actions.retry')} onClick={onRetry} />}
    />
  );
}

/**
 * A spinner for a screen (or a part of one) waiting on `queries`, or the offline notice when one of
 * them cannot start. Render it only while the screen waits; the spinner's props pass through.
 */
export function Pending({ queries, ...spinner }: { queries: readonly WaitedQuery[] } & SpinnerProps) {
  const paused = pausedOffline(queries);
  if (paused.length > 0) return <OfflineUnavailable onRetry={() => paused.forEach((query) => void query.refetch())} />;
  return <Spinner {...spinner} />;
}
