// @vitest-environment jsdom
/** A lost session (401) as the user sees it: one notice, however many requests failed together. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { request } from '../api/request';
import { configureRequestLayer, requestLayer } from '../api/request-layer';
import { currentUser } from '../contract/auth';
import { namespaces, resources } from '../i18n/resources';
import { loadStore, readEntry, storageKeys, writeEntry } from '../storage';
import { attachToastListener, type Toast } from '../ui/toasts/toast-service';
import { resolveMessage } from '../ui/message';
import { configureSessionRequests } from './session';

let server: Server;
const toasts: Toast[] = [];

beforeAll(async () => {
  await i18next.init({ resources, lng: 'fr', fallbackLng: 'fr', ns: namespaces, interpolation: { escapeValue: false } });
  server = createServer((_req, res) => {
    // Each answer a little later than the last, as a page's parallel requests come back.
    setTimeout(() => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Session ended', code: 'sessionEnded' }));
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureSessionRequests();
  configureRequestLayer({ ...requestLayer(), baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  attachToastListener((toast) => toasts.push(toast));
  await loadStore();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a session that ended on the server', () => {
  it('gives one notice, in the user language, and clears the token', async () => {
    await writeEntry(storageKeys.token, 'expired-token');
    const failures = await Promise.allSettled([1, 2, 3, 4].map(() => request(currentUser)));
    expect(failures.every((failure) => failure.status === 'rejected')).toBe(true);
    // A request sent with the old token and answered after the logout stays quiet too.
    await request(currentUser, { headers: { Authorization: 'Bearer expired-token' } }).catch(() => undefined);

    expect(toasts).toHaveLength(1);
    expect(resolveMessage(toasts[0]!.summary)).toBe('Connexion perdue');
    expect(resolveMessage(toasts[0]!.detail)).toBe('Votre session a pris fin ; reconnectez-vous.');
    expect(readEntry(storageKeys.token)).toBeUndefined();
  });
});
