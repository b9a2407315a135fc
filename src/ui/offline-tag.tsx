/**
 * The "offline" badge. The console's top bars show it when TanStack Query's online manager says so
 * (connectivity.tsx); the sign-in page of a cold visit shows the same badge in plain markup
 * (browser-offline-indicator.tsx).
 */
import { Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function OfflineTag() {
  const { t } = useTranslation();
  return (
    <Tag intent="warning" icon={<Icon icon="offline" />} role="status" data-testid="offline-indicator">
      {t('connectivity.offline')}
    </Tag>
  );
}
