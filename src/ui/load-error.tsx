/** A screen whose data did not load: the screen's title for it, the reason in the reader's words, and a retry. */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { EmptyState } from './empty-state';

/** What LoadError reads of a React Query result (or of a screen's own loading): the error and how to try again. */
export interface FailedLoad {
  error: unknown;
  refetch?: () => unknown;
}

/**
 * `description` replaces the error's translated text (errorMessage); `null` shows none. The retry
 * button is there when the load can be tried again (`refetch`).
 */
export function LoadError({ title, query, description }: { title: string; query: FailedLoad; description?: string | null }) {
  const { t } = useTranslation();
  const { refetch } = query;
  return (
    <EmptyState
      icon="error"
      title={title}
      description={description === undefined ? errorMessage(query.error) : (description ?? undefined)}
      action={refetch && <Button text={t('actions.retry')} onClick={() => void refetch()} />}
    />
  );
}
