/**
 * The unsaved-changes guard (spec §2.4): any form calls one hook with its dirty state and, optionally,
 * its save function. In-app navigation is held by the router's blocker and the user chooses to leave,
 * stay, or save and leave; closing or reloading the tab asks the browser's own question.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface UnsavedChangesOptions {
  when: boolean;
  /** Resolves true (or nothing) when the save worked; false or a rejection keeps the user here. */
  onSave?: () => Promise<boolean | void>;
}

export function useUnsavedChangesGuard({ when, onSave }: UnsavedChangesOptions): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <UnsavedChangesDialog
      isOpen={blocker.state === 'blocked'}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
      onSave={
        onSave &&
        (async () => {
          try {
            const saved = await onSave();
            if (saved === false) blocker.reset?.();
            else blocker.proceed?.();
          } catch {
            blocker.reset?.();
          }
        })
      }
    />
  );
}

interface DialogProps {
  isOpen: boolean;
  onLeave: () => void;
  onStay: () => void;
  onSave?: () => Promise<void>;
}

function UnsavedChangesDialog({ isOpen, onLeave, onStay, onSave }: DialogProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onStay} title={t('unsaved.title')} icon="warning-sign">
      <DialogBody>
        <p>{t('unsaved.body')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('unsaved.leave')} intent={Intent.DANGER} variant="minimal" onClick={onLeave} />
            <Button text={t('unsaved.stay')} onClick={onStay} autoFocus />
            {onSave && (
              <Button
                text={t('unsaved.saveAndLeave')}
                intent={Intent.PRIMARY}
                loading={saving}
                onClick={async () => {
                  setSaving(true);
                  try {
                    await onSave();
                  } finally {
                    setSaving(false);
                  }
                }}
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}
