// @vitest-environment jsdom
/**
 * Creating a use case from the library opens it (its analyses), rather than the home's list it
 * joined: against the real server (ui/testing/serve-demo.ts: in-memory PGlite, the demo data), as the
 * demo's self-service `light` user.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../app/paths';
import { selfServiceOverview } from '../../contract/self-service';
import { request } from '../../api/request';
import { demoScreenServer, renderScreens } from '../../ui/testing/screen-server';
import { SelfNewPage } from './self-new-page';

demoScreenServer('light');
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
    const overview = await request(selfServiceOverview);
    expect(overview.useCases.filter((useCase) => useCase.name === 'Mes rendez-vous').map((useCase) => useCase.id)).toEqual([envId]);
  });
});
