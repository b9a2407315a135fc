/** The top bar's connectivity badges: "offline", and mutations waiting to sync with their count. */
import { useSyncExternalStore } from 'react';
import { onlineManager, useMutationState } from '@tanstack/react-query';
import { Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { OfflineTag } from './offline-tag';

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => onlineManager.isOnline());
}

export function OfflineIndicator() {
  return useOnline() ? null : <OfflineTag />;
}

export function PendingSyncIndicator() {
  const { t } = useTranslation();
  const paused = useMutationState({ filters: { predicate: (mutation) => mutation.state.isPaused } });
  if (paused.length === 0) return null;
  return (
    <Tag intent="primary" icon={<Icon icon="cloud-upload" />} role="status" data-testid="pending-sync">
      {t('connectivity.waitingToSync', { count: paused.length })}
    </Tag>
  );
}
