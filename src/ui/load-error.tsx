/** A screen whose data did not load: the screen's title for it, the reason in the reader's words, and a retry. */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { EmptyState } from './empty-state';
import { isMissing, MissingItem, type Missing } from './missing-item';

/** What LoadError reads of a React Query result (or of a screen's own loading): the error and how to try again. */
export interface FailedLoad {
  error: unknown;
  refetch?: () => unknown;
}

/**
 * `description` replaces the error's translated text (errorMessage); `null` shows none. The retry
 * button is there when the load can be tried again (`refetch`) and the error may pass (network,
 * server): an item the server does not know (404) stays unknown, so it gets `missing` (what the item
 * is and the way back to its list) or, without it, "data not found" and no retry.
 */
export function LoadError({ title, query, description, missing }: { title: string; query: FailedLoad; description?: string | null; missing?: Missing }) {
  const { t } = useTranslation();
  const { refetch } = query;
  if (isMissing(query.error)) {
    if (missing) return <MissingItem missing={missing} />;
    return <EmptyState icon="search" title={title} description={description === undefined ? errorMessage(query.error) || t('error.notFound') : (description ?? undefined)} />;
  }
  return (
    <EmptyState
      icon="error"
      title={title}
      description={description === undefined ? errorMessage(query.error) : (description ?? undefined)}
      action={refetch && <Button text={t('actions.retry')} onClick={() => void refetch()} />}
    />
  );
}
