// @vitest-environment jsdom
/**
 * Creating a use case from the library opens it (its analyses), rather than the home's list it
 * joined: against the real server (ui/testing/serve-demo.ts: in-memory PGlite, the demo data), as the
 * demo's self-service `light` user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import { paths } from '../../app/paths';
import { renderScreens, startScreenServer } from '../../ui/testing/screen-server';
import { SelfNewPage } from './self-new-page';

let child: ChildProcess;
let address = '';
let lightToken = '';
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  const server = await startScreenServer<{ address: string; token: string; lightToken: string }>('src/ui/testing/serve-demo.ts', { token: () => lightToken });
  child = server.child;
  ({ address, lightToken } = server.info);
  // A fresh process migrates its database: tens of seconds on a busy 2-core machine.
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(cleanup);

describe('creating a self-service use case', () => {
  it('opens the new use case once it is created', async () => {
    const user = userEvent.setup();
    const { router } = renderScreens(
      [
        { path: '/self/new', element: <SelfNewPage /> },
        { path: '/self/:envId/analyses', element: <p>use case page</p> },
        { path: '/self', element: <p>home page</p> },
      ],
      paths.selfNew(),
    );
    await user.click(await screen.findByRole('radio', { name: 'Assurance — prise de rendez-vous' }));
    const name = screen.getByLabelText("Nom du cas d'usage");
    await user.clear(name);
    await user.type(name, 'Mes rendez-vous');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await screen.findByText('use case page');
    const envId = router.state.location.pathname.split('/').at(-2)!;
    expect(router.state.location.pathname).toBe(paths.selfAnalyses(envId));
    // The use case the page opened is the one the server made, under the name typed.
    const overview = (await (await fetch(`${address}/v4/console/api/self`, { headers: { authorization: `Bearer ${lightToken}` } })).json()) as { useCases: { id: string; name: string }[] };
    expect(overview.useCases.filter((useCase) => useCase.name === 'Mes rendez-vous').map((useCase) => useCase.id)).toEqual([envId]);
  });
});
