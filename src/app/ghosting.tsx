/**
 * Ghosting (spec §3 client-stored keys, §6, §7.1): a provider support agent acts as another user.
 * The username is stored under the ghosted-user key; the request layer then sends it in the switch
 * header with every call, and the server answers with that user's rights (and audits the agent).
 * Switching in or out drops every cached answer, which belonged to the other identity.
 */
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { request, SWITCH_HEADER } from '../api/request';
import { currentUser } from '../contract/auth';
import { readEntry, removeEntry, storageKeys, subscribeEntries, writeEntry } from '../storage';
import { paths } from './paths';
import { clearQueryCache } from './session';

const readGhost = () => readEntry<string>(storageKeys.ghostedUser);

export function useGhostedUser(): string | undefined {
  return useSyncExternalStore(subscribeEntries, readGhost);
}

/** Checks that the server accepts the switch before storing it, so a refusal leaves the agent as is. */
export async function startGhosting(username: string): Promise<void> {
  await request(currentUser, { headers: { [SWITCH_HEADER]: username } });
  await clearQueryCache();
  await writeEntry(storageKeys.ghostedUser, username);
}

export async function stopGhosting(): Promise<void> {
  await clearQueryCache();
  await removeEntry(storageKeys.ghostedUser);
  await removeEntry(storageKeys.ghostedEnvironment);
}

/** Shown above every signed-in layout while ghosting; the exit is always one click away. */
export function GhostBanner() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const ghost = useGhostedUser();
  if (!ghost) return null;
  return (
    <div className="p-ghost-banner" role="status" data-testid="ghost-banner">
      <span>{t('ghosting.actingAs', { username: ghost })}</span>
      <Button
        size="small"
        icon="log-out"
        text={t('ghosting.exit')}
        onClick={async () => {
          await stopGhosting();
          await navigate(paths.index(), { replace: true });
        }}
      />
    </div>
  );
}

export function GhostDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = username.trim();
    if (!target) return;
    setBusy(true);
    setError(undefined);
    try {
      await startGhosting(target);
      onClose();
      await navigate(paths.index(), { replace: true });
    } catch (failure) {
      setError(t('ghosting.refused', { username: target, message: errorMessage(failure) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('ghosting.dialogTitle')} icon="eye-open">
      <form onSubmit={submit}>
        <DialogBody>
          <p>{t('ghosting.dialogIntro')}</p>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          <FormGroup label={t('ghosting.username')} labelFor="ghost-username">
            <InputGroup id="ghost-username" autoFocus value={username} onValueChange={setUsername} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('ghosting.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} disabled={!username.trim()} text={t('ghosting.confirm')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
