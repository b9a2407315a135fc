// @vitest-environment jsdom
/**
 * The unsaved-changes guard: with a dirty form, in-app navigation asks to stay, leave, or save and
 * leave; closing the tab is prevented only while dirty.
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { initI18n } from '../i18n/setup';
import { useUnsavedChanges, useUnsavedChangesGuard } from './unsaved-changes';

beforeAll(async () => {
  await initI18n('fr');
});

afterEach(() => {
  cleanup();
});

function FormPage({ onSave }: { onSave?: () => Promise<boolean | void> }) {
  const [name, setName] = useState('');
  const dirty = name !== '';
  const guard = useUnsavedChangesGuard({ when: dirty, onSave });
  return (
    <main>
      <h1>Formulaire</h1>
      <label>
        Nom
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <Link to="/other">Autre page</Link>
      {guard}
    </main>
  );
}

function setup(onSave?: () => Promise<boolean | void>) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FormPage onSave={onSave} /> },
      { path: '/other', element: <h1>Autre</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

async function makeDirty(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom'), 'Ada');
}

async function clickLinkAndGetDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('link', { name: 'Autre page' }));
  return screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
}

function dispatchBeforeUnload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('in-app navigation with unsaved changes', () => {
  it('opens the dialog and "Rester sur la page" keeps the form', async () => {
    const { router, user } = setup();
    await makeDirty(user);

    const dialog = await clickLinkAndGetDialog(user);
    expect(within(dialog).getByText(/Vous avez des modifications non enregistrées/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');

    await user.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByRole('heading', { name: 'Formulaire' })).toBeTruthy();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Ada');

    // Still dirty: the next attempt asks again.
    expect(await clickLinkAndGetDialog(user)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
  });

  it('"Quitter sans enregistrer" navigates away', async () => {
    const onSave = vi.fn(async () => true);
    const { router, user } = setup(onSave);
    await makeDirty(user);

    const dialog = await clickLinkAndGetDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' }));

    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('"Enregistrer et quitter" saves then navigates', async () => {
    let pathnameDuringSave: string | undefined;
    const routerRef: { current?: ReturnType<typeof setup>['router'] } = {};
    const onSave = vi.fn(async () => {
      pathnameDuringSave = routerRef.current?.state.location.pathname;
      return true;
    });
    const { router, user } = setup(onSave);
    routerRef.current = router;
    await makeDirty(user);

    const dialog = await clickLinkAndGetDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));

    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(pathnameDuringSave).toBe('/form');
    expect(router.state.location.pathname).toBe('/other');
  });

  it('"Enregistrer et quitter" keeps the user on the form when saving fails', async () => {
    const onSave = vi.fn(async () => false);
    const { router, user } = setup(onSave);
    await makeDirty(user);

    const dialog = await clickLinkAndGetDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByRole('heading', { name: 'Formulaire' })).toBeTruthy();
  });

  it('keeps the user on the form when saving throws', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('network');
    });
    const { router, user } = setup(onSave);
    await makeDirty(user);

    const dialog = await clickLinkAndGetDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
  });

  it('offers no "Enregistrer et quitter" without a save function', async () => {
    const { user } = setup();
    await makeDirty(user);
    const dialog = await clickLinkAndGetDialog(user);
    expect(within(dialog).queryByRole('button', { name: 'Enregistrer et quitter' })).toBeNull();
  });
});

describe('without unsaved changes', () => {
  it('navigates without any dialog', async () => {
    const onSave = vi.fn(async () => true);
    const { router, user } = setup(onSave);

    await user.click(screen.getByRole('link', { name: 'Autre page' }));

    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/other');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('closing or reloading the tab', () => {
  it('prevents beforeunload only while the form is dirty', async () => {
    const { user } = setup();

    expect(dispatchBeforeUnload().defaultPrevented).toBe(false);

    await makeDirty(user);
    expect(dispatchBeforeUnload().defaultPrevented).toBe(true);

    await user.clear(screen.getByLabelText('Nom'));
    expect(dispatchBeforeUnload().defaultPrevented).toBe(false);
  });

  it('stops preventing beforeunload once the form is gone', async () => {
    const { user } = setup();
    await makeDirty(user);
    expect(dispatchBeforeUnload().defaultPrevented).toBe(true);

    act(() => cleanup());
    expect(dispatchBeforeUnload().defaultPrevented).toBe(false);
  });
});

/** A form in a dialog: closing the dialog is leaving the form. */
function DialogForm({ onSave }: { onSave?: () => Promise<boolean | void> }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  const { dialog, requestLeave } = useUnsavedChanges({ when: open && name !== '', onSave });
  return (
    <main>
      {open ? (
        <section aria-label="Édition">
          <label>
            Nom
            <input value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="button" onClick={() => requestLeave(() => setOpen(false))}>
            Fermer
          </button>
        </section>
      ) : (
        <p>Fermé</p>
      )}
      {dialog}
    </main>
  );
}

function setupDialogForm(onSave?: () => Promise<boolean | void>) {
  const router = createMemoryRouter([{ path: '/', element: <DialogForm onSave={onSave} /> }]);
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('leaving a form in place (closing its dialog)', () => {
  it('closes at once when nothing is unsaved', async () => {
    const user = setupDialogForm();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.getByText('Fermé')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first: stay keeps the input, leave closes, save and leave saves then closes', async () => {
    const onSave = vi.fn(async () => true);
    const user = setupDialogForm(onSave);
    await user.type(screen.getByLabelText('Nom'), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Ada');

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));
    expect(await screen.findByText('Fermé')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('leaves without saving on "Quitter sans enregistrer", and stays when the save fails', async () => {
    const onSave = vi.fn(async () => false);
    const user = setupDialogForm(onSave);
    await user.type(screen.getByLabelText('Nom'), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Nom')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByText('Fermé')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

/** Two forms on one page, each with its guard (React Router consults only the newest blocker). */
function TwoForms({ saves }: { saves: string[] }) {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const firstGuard = useUnsavedChangesGuard({ when: first !== '', onSave: async () => void saves.push(`first:${first}`) });
  const secondGuard = useUnsavedChangesGuard({ when: second !== '', onSave: async () => void saves.push(`second:${second}`) });
  return (
    <main>
      <label>
        Premier
        <input value={first} onChange={(event) => setFirst(event.target.value)} />
      </label>
      <label>
        Second
        <input value={second} onChange={(event) => setSecond(event.target.value)} />
      </label>
      <Link to="/other">Autre page</Link>
      {firstGuard}
      {secondGuard}
    </main>
  );
}

describe('a page with two guarded forms', () => {
  function setupTwo(saves: string[]) {
    const router = createMemoryRouter(
      [
        { path: '/form', element: <TwoForms saves={saves} /> },
        { path: '/other', element: <h1>Autre</h1> },
      ],
      { initialEntries: ['/form'] },
    );
    render(<RouterProvider router={router} />);
    return { router, user: userEvent.setup() };
  }

  it('asks when only the first form is dirty, and "save and leave" saves it', async () => {
    const saves: string[] = [];
    const { router, user } = setupTwo(saves);
    await user.type(screen.getByLabelText('Premier'), 'A');
    const dialog = await clickLinkAndGetDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));
    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
    expect(saves).toEqual(['first:A']);
  });

  it('saves both when both are dirty', async () => {
    const saves: string[] = [];
    const { user } = setupTwo(saves);
    await user.type(screen.getByLabelText('Premier'), 'A');
    await user.type(screen.getByLabelText('Second'), 'B');
    const dialog = await clickLinkAndGetDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));
    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeTruthy();
    expect(saves).toEqual(['first:A', 'second:B']);
  });
});
