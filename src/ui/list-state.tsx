/** Loading, error and empty states of a list, so every list shows them the same way. */
import type { ReactNode } from 'react';

import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';
import { Pending, type WaitedQuery } from './pending';
import { EmptyState } from './empty-state';
import type { Missing } from './missing-item';

/** What ListState reads of a React Query result: pending, error and a retry. */
interface ListQuery extends WaitedQuery {
  error: unknown;
}

type ListSource =
  /** `error`, when given, is shown instead of the query's own (the screen's translation of it, or "not found" once loaded). */
  | { query: ListQuery; error?: unknown; isPending?: never; onRetry?: never; waitingOn?: never }
  /** `waitingOn`: the queries behind `isPending`, so that offline the screen says what it cannot load. */
  | { query?: never; isPending: boolean; error: unknown; onRetry?: () => void; waitingOn?: readonly WaitedQuery[] };

/**
 * Give `query` (a query result: pending, error and retry from it), or the three states by hand (a
 * screen that waits on several queries). The error reads the code's translated text (errorMessage);
 * leave out `isEmpty` for a single item. `missing`: what a detail page says when its item does not
 * exist (a 404, or a MissingItemError), with the way back to its list.
 */
export function ListState(
  props: ListSource & { isEmpty?: boolean; emptyText?: string; errorText: string; missing?: Missing; children: ReactNode },
) {
  const { isEmpty = false, emptyText = '', errorText, missing, children } = props;
  const isPending = props.query ? props.query.isPending : props.isPending;
  const error = props.query && props.error === undefined ? props.query.error : props.error;
  const refetch = props.query ? props.query.refetch : props.onRetry;
  const { t } = useTranslation();
  if (isPending) return <Pending queries={props.query ? [props.query] : (props.waitingOn ?? [])} aria-label={t('loading')} size={30} />;
  if (error) return <LoadError title={errorText} query={{ error, refetch }} missing={missing} />;
  if (isEmpty) return <EmptyState icon="inbox" title={emptyText} />;
  return <>{children}</>;
}
