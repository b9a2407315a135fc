/**
 * Test support for the configuration screens' component tests: a real server in a child process
 * (each area's `testing/serve-*.ts`, which prints one JSON line once it listens) and the screens
 * rendered under a memory router with a fresh query client and the confirmation layer.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ConfirmLayer } from '../../../ui/dialogs/confirm-layer';

/** Starts `script` (a path from the repository root) and reads what it prints once ready; end it with `child.stdin.end()`. */
export async function startScreenServer<Info>(script: string, env?: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; info: Info }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(process.cwd(), script)], { stdio: ['pipe', 'pipe', 'inherit'], ...(env ? { env } : {}) });
  const line = await new Promise<string>((done, reject) => {
    createInterface({ input: child.stdout! }).once('line', done);
    child.once('exit', (code) => reject(new Error(`test server ended (${code})`)));
  });
  return { child, info: JSON.parse(line) as Info };
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
