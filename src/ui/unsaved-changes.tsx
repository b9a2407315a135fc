/**
 * The unsaved-changes guard (spec §2.4): any form calls one hook with its dirty state and, optionally,
 * its save function. In-app navigation is held by the router's blocker and the user chooses to leave,
 * stay, or save and leave; closing or reloading the tab asks the browser's own question. A form in a
 * dialog also asks when the dialog is closed (`useUnsavedChanges().requestLeave`).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useBlocker, type Location } from 'react-router';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Dialog } from './dialog';
import { useTranslation } from 'react-i18next';

export interface UnsavedChangesOptions {
  when: boolean;
  /** Resolves true (or nothing) when the save worked; false or a rejection keeps the user here. */
  onSave?: () => Promise<boolean | void>;
}

export function useUnsavedChangesGuard(options: UnsavedChangesOptions): ReactNode {
  return useUnsavedChanges(options).dialog;
}

export interface UnsavedChanges {
  /** The dialog; render it once in the form. */
  dialog: ReactNode;
  /**
   * Leaving the form without navigating (closing a dialog that holds it): runs `leave` at once when
   * nothing is unsaved, otherwise asks the same question; `leave` runs after "leave" or a save that worked.
   */
  requestLeave: (leave: () => void) => void;
}

/**
 * Every mounted guard, in mounting order. React Router consults only the newest blocker of a page,
 * so each guard's blocker looks at all of them: a page holding two forms (organisation settings and
 * a member being edited) stops navigation when either is dirty, and "save and leave" saves both.
 */
const guards = new Map<number, UnsavedChangesOptions>();
let lastGuardId = 0;
const dirtyGuards = () => [...guards.values()].filter((guard) => guard.when);

function blocksNavigation({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }): boolean {
  const moves = currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  return moves && dirtyGuards().length > 0;
}

/** Saves every dirty form in turn; false as soon as one cannot be saved. */
async function saveAll(forms: UnsavedChangesOptions[]): Promise<boolean> {
  for (const form of forms) {
    if (!form.onSave || (await form.onSave()) === false) return false;
  }
  return true;
}

/** Registers the form among the page's guards, and asks the browser's question on closing the tab. */
function useGuardRegistration({ when, onSave }: UnsavedChangesOptions): void {
  const [id] = useState(() => ++lastGuardId);
  useEffect(() => {
    guards.set(id, { when, onSave });
  }, [id, when, onSave]);
  useEffect(() => () => void guards.delete(id), [id]);
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
}

/**
 * A second form on a page whose main form already has a guard (the identity provider under the
 * organisation settings): it joins that guard's question ("save and leave" saves it too) without a
 * router blocker of its own, since React Router supports one blocker at a time (and warns otherwise).
 */
export function useUnsavedChangesAlongside(options: UnsavedChangesOptions): void {
  useGuardRegistration(options);
}

/** The guard of a form that can also be left in place (an edit dialog), not only by navigating. */
export function useUnsavedChanges({ when, onSave }: UnsavedChangesOptions): UnsavedChanges {
  useGuardRegistration({ when, onSave });
  const blocker = useBlocker(blocksNavigation);
  // A leave asked for in place (not by the router), waiting for the user's answer.
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  const proceed = () => {
    if (pendingLeave) {
      pendingLeave();
      setPendingLeave(null);
    } else blocker.proceed?.();
  };
  const stay = () => {
    if (pendingLeave) setPendingLeave(null);
    else blocker.reset?.();
  };
  // Leaving in place leaves this form only; navigating leaves every dirty form of the page.
  const leaving = pendingLeave ? [{ when, onSave }] : blocker.state === 'blocked' ? dirtyGuards() : [];
  const canSave = leaving.length > 0 && leaving.every((form) => form.onSave !== undefined);

  const dialog = (
    <UnsavedChangesDialog
      isOpen={blocker.state === 'blocked' || pendingLeave !== null}
      onLeave={proceed}
      onStay={stay}
      onSave={
        canSave
          ? async () => {
              try {
                if (await saveAll(leaving)) proceed();
                else stay();
              } catch {
                stay();
              }
            }
          : undefined
      }
    />
  );
  return {
    dialog,
    requestLeave: (leave) => {
      if (when) setPendingLeave(() => leave);
      else leave();
    },
  };
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
