/**
 * The ghosting dialog where a support agent may open it, loaded the first time it opens: it brings
 * Blueprint's overlay and a form (~10 KB gzip) that every other user's first page need not download.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/empty-state';

const LoadedGhostDialog = lazy(() => import('./ghost-dialog').then((module) => ({ default: module.GhostDialog })));

export function GhostDialogOnDemand({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  // Kept once opened, so it closes with Blueprint's transition like any dialog.
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedGhostDialog isOpen={isOpen} onClose={onClose} />
    </Suspense>
  );
}

/**
 * What support sees in an organisation while acting as nobody (spec §1, §6): the server answers no
 * customer content to support itself, so instead of pages of refusals, the way in.
 */
export function SupportOnlyNotice() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  return (
    <section className="p-page" data-testid="support-only">
      <EmptyState
        icon="eye-open"
        title={t('ghosting.supportOnlyTitle')}
        description={t('ghosting.supportOnlyBody')}
        action={<Button intent="primary" icon="eye-open" text={t('ghosting.start')} onClick={() => setOpen(true)} />}
      />
      <GhostDialogOnDemand isOpen={open} onClose={() => setOpen(false)} />
    </section>
  );
}
