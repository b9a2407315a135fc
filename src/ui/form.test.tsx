// @vitest-environment jsdom
/**
 * Form and Field as a user meets them: a submit with something wrong is refused with the reason under
 * each field, in the reader's language, the first wrong field focused and marked for screen readers;
 * a control outside any Field is named at the top; the reasons go as the user corrects them.
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { InputGroup } from '@blueprintjs/core';
import { changeLanguage, initI18n } from '../i18n/setup';
import { Field, Form } from './form';

function Harness({ onSubmit }: { onSubmit: () => void }) {
  const [email, setEmail] = useState('');
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field label="Adresse" labelFor="f-email" helperText="Celle où écrire">
        <InputGroup id="f-email" type="email" required value={email} onValueChange={setEmail} />
      </Field>
      <Field label="Site" labelFor="f-site">
        <input id="f-site" type="url" className="bp6-input" />
      </Field>
      <Field label="Essais" labelFor="f-tries">
        <input id="f-tries" type="number" min={1} max={9} defaultValue="0" />
      </Field>
      <Field label="Code" labelFor="f-code">
        <input id="f-code" pattern="[A-Z]{3}" title="Trois majuscules" defaultValue="ab" />
      </Field>
      <label>
        <input type="checkbox" required /> J’accepte
      </label>
      <button type="submit">Envoyer</button>
    </Form>
  );
}

const problemUnder = (label: string) => {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
};

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(cleanup);

describe('Form', () => {
  it('refuses a submit with wrong fields: says why under each, in French, and focuses the first', async () => {
    await changeLanguage('fr');
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: 'exemple point fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Adresse'));
    expect(screen.getByLabelText('Adresse').getAttribute('aria-invalid')).toBe('true');
    expect(problemUnder('Adresse')).toBe('Champ obligatoire');
    expect(problemUnder('Site')).toBe('Adresse web invalide');
    expect(problemUnder('Essais')).toBe('La valeur doit être supérieure ou égale à 1');
    expect(problemUnder('Code')).toBe('Trois majuscules');
    // The helper text gives way to the problem, and comes back once it is solved.
    expect(screen.queryByText('Celle où écrire')).toBeNull();
    // The checkbox has no Field: it is named in the list at the top.
    expect(screen.getByText('1 champ à corriger')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'J’accepte' }).closest('li')?.textContent).toBe('J’accepte : Cochez cette case pour continuer');
  });

  it('follows the corrections, then lets the submit through', async () => {
    await changeLanguage('fr');
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(problemUnder('Adresse')).toBe('Champ obligatoire');

    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: 'nom' } });
    expect(problemUnder('Adresse')).toBe('Adresse e-mail invalide');
    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: 'nom@exemple.fr' } });
    expect(screen.getByLabelText('Adresse').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Adresse').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByText('Celle où écrire')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Essais'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ABC' } });
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByText(/à corriger/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('speaks English to an English reader', async () => {
    await changeLanguage('en');
    render(<Harness onSubmit={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(problemUnder('Adresse')).toBe('Required');
    expect(problemUnder('Essais')).toBe('The value must be 1 or more');
    expect(screen.getByText('1 field to correct')).toBeTruthy();
    await changeLanguage('fr');
  });

  it('sends the form on as before when nothing is wrong, and a Field outside a Form is a FormGroup', async () => {
    await changeLanguage('fr');
    const onSubmit = vi.fn();
    render(
      <>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <input aria-label="Nom" defaultValue="x" required />
          <button type="submit">OK</button>
        </Form>
        <Field label="Seul" labelFor="alone" helperText="Aide">
          <input id="alone" required />
        </Field>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Aide')).toBeTruthy();
  });

  it("leaves a dialog's form, rendered through a portal from inside it, to that form alone", async () => {
    await changeLanguage('fr');
    const outer = vi.fn();
    const inner = vi.fn();
    const stop = (spy: () => void) => (event: { preventDefault: () => void }) => {
      event.preventDefault();
      spy();
    };
    render(
      <Form onSubmit={stop(outer)}>
        <input aria-label="Page" required />
        {createPortal(
          <Form onSubmit={stop(inner)}>
            <input aria-label="Dialogue" defaultValue="ok" required />
            <button type="submit">Valider le dialogue</button>
          </Form>,
          document.body,
        )}
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Valider le dialogue' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    // The page's empty field was not judged by the dialog's submit.
    expect(screen.getByLabelText('Page').hasAttribute('aria-invalid')).toBe(false);
  });
});
