/**
 * Test support for the screens' component tests (configuration, integrations): a real server in a child process
 * (each area's `testing/serve-*.ts`, which prints one JSON line once it listens) and the screens
 * rendered under a memory router with a fresh query client and the confirmation layer.
 */
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { configureRequestLayer } from '../../api/request-layer';
import { initI18n } from '../../i18n/setup';
import { ConfirmLayer } from '../dialogs/confirm-layer';

/**
 * Starts `script` (a path from the repository root), reads what it prints once ready, and points the
 * console (French texts, requests) at it with the printed token — or `options.token()`, read on each
 * request, for a file that signs in as several users. End it with `child.stdin.end()`.
 */
export async function startScreenServer<Info extends { address: string; token: string }>(
  script: string,
  options: { env?: NodeJS.ProcessEnv; token?: () => string } = {},
): Promise<{ child: ChildProcess; info: Info }> {
  await initI18n('fr');
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(process.cwd(), script)], { stdio: ['pipe', 'pipe', 'inherit'], ...(options.env ? { env: options.env } : {}) });
  const line = await new Promise<string>((done, reject) => {
    createInterface({ input: child.stdout! }).once('line', done);
    child.once('exit', (code) => reject(new Error(`test server ended (${code})`)));
  });
  const info = JSON.parse(line) as Info;
  // A hang guard for findBy… and waitFor: a save answered by a real server in another process (its
  // checks run in its module workers, started on first use) took over the 5 s of src/test-setup.ts on
  // a loaded 2-core machine. Only raised: a file that asks for more keeps it.
  configure((current) => ({ asyncUtilTimeout: Math.max(current.asyncUtilTimeout, 10_000) }));
  const token = options.token ?? (() => info.token);
  configureRequestLayer({ baseUrl: info.address, getCredentials: () => ({ token: token() }) });
  return { child, info };
}

/** Renders `routes` at `url` (no query retries, so a refused load shows at once); returns the router and the render result. */
export function renderScreens(routes: { path: string; element: ReactElement }[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ConfirmLayer />
    </QueryClientProvider>,
  );
  return { router, rendered };
}

/** What `src/ui/testing/serve-demo.ts` prints: the demo admin's and the light user's tokens, the demo NLU environment. */
export interface DemoServer {
  address: string;
  token: string;
  lightToken: string;
  environmentId: string;
}

/**
 * The real server with the demo data for the calling file's screens, signed in as the demo admin (or
 * the self-service `light` user): started before its tests, ended after them. The returned object is
 * filled once it listens (read it inside hooks and tests); the console's requests carry the user's token,
 * so a test checks the server's state with `request(endpoint)` as the screens do.
 */
export function demoScreenServer(as: 'admin' | 'light' = 'admin'): DemoServer {
  const server = {} as DemoServer;
  let child: ChildProcess | undefined;
  vi.setConfig({ testTimeout: 60_000 });
  configure({ asyncUtilTimeout: 10_000 });
  beforeAll(async () => {
    const started = await startScreenServer<DemoServer>('src/ui/testing/serve-demo.ts', { token: () => (as === 'light' ? server.lightToken : server.token) });
    child = started.child;
    Object.assign(server, started.info);
    // A fresh process migrates its database: tens of seconds on a busy 2-core machine.
  }, 240_000);
  afterAll(() => child?.stdin?.end());
  return server;
}
