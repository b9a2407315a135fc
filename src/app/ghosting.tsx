/**
 * Ghosting (spec §3 client-stored keys, §6, §7.1): a provider support agent acts as another user,
 * named by user id (a username may look like another account's email; an id names one
 * account). The id, with the username the server answered for it, is stored under the ghosted-user
 * key (ghosted-user.ts); the request layer then sends the id in the switch header with every call,
 * and the server answers with that user's rights (and audits the agent).
 * Switching in or out drops every cached answer, which belonged to the other identity.
 *
 * The agent may also name the environment to look at (the customer's "it fails in prod"): the
 * console asks `GET /v4/console/api/environment/{envId}` as that user (the call the spec keeps for
 * ghosting: it answers the environment with its project whatever the agent's own lists hold, and
 * refuses one the user may not see), keeps it under the ghosted-environment key, opens it, and the
 * banner leads back to it until the agent exits.
 */
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { request, SWITCH_HEADER } from '../api/request';
import { currentUser } from '../contract/auth';
import { readEntry, removeEntry, storageKeys, subscribeEntries, writeEntry } from '../storage';
import { paths } from './paths';
import { type GhostedUser, readGhostedUser } from './ghosted-user';
import { clearQueryCache } from './session';

/** What the ghosted-environment key holds: enough to show and open it without asking again. */
export interface GhostedEnvironment {
  id: string;
  name: string;
  projectId: string;
}

const readGhostedEnvironment = () => readEntry<GhostedEnvironment>(storageKeys.ghostedEnvironment);

export function useGhostedUser(): GhostedUser | undefined {
  return useSyncExternalStore(subscribeEntries, readGhostedUser);
}

export function useGhostedEnvironment(): GhostedEnvironment | undefined {
  return useSyncExternalStore(subscribeEntries, readGhostedEnvironment);
}

/** Which check refused the switch: the user, or the environment as that user. */
export class GhostingRefused extends Error {
  override readonly name = 'GhostingRefused';
  constructor(
    readonly step: 'user' | 'environment',
    override readonly cause: unknown,
  ) {
    super(errorMessage(cause));
  }
}

/**
 * Checks that the server accepts the switch (and, when named, that the user may see the environment)
 * before storing anything, so a refusal leaves the agent as is.
 */
export async function startGhosting(userId: string, environmentId?: string): Promise<GhostedEnvironment | null> {
  const headers = { [SWITCH_HEADER]: userId };
  const user = await request(currentUser, { headers }).catch((error: unknown) => {
    throw new GhostingRefused('user', error);
  });
  let environment: GhostedEnvironment | null = null;
  if (environmentId) {
    try {
      // Loaded here, not with the layouts: the environments contract is large.
      const { getEnvironment } = await import('../contract/environments');
      const found = await request(getEnvironment, { params: { envId: environmentId }, headers });
      environment = { id: found.id, name: found.name, projectId: found.projectId };
    } catch (error) {
      throw new GhostingRefused('environment', error);
    }
  }
  await clearQueryCache();
  await writeEntry(storageKeys.ghostedUser, { id: user.id, username: user.username } satisfies GhostedUser);
  if (environment) await writeEntry(storageKeys.ghostedEnvironment, environment);
  else await removeEntry(storageKeys.ghostedEnvironment);
  return environment;
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
  const environment = useGhostedEnvironment();
  if (!ghost) return null;
  return (
    <div className="p-ghost-banner" role="status" data-testid="ghost-banner">
      <span>
        {environment
          ? t('ghosting.actingAsIn', { username: ghost.username, environment: environment.name })
          : t('ghosting.actingAs', { username: ghost.username })}
      </span>
      {environment && (
        <Button
          size="small"
          variant="minimal"
          icon="cube"
          text={t('ghosting.openEnvironment')}
          onClick={() => void navigate(paths.environment(environment.projectId, environment.id))}
        />
      )}
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
