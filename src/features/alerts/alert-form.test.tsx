// @vitest-environment jsdom
/** The alert form in French: a missing name and a wrong email are said in French, never in zod's English. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../i18n/setup';
import { AlertForm } from './alert-form';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

describe('alert form', () => {
  it('says what is wrong in French after a save, and saves nothing', () => {
    const onSave = vi.fn(async () => true);
    const router = createMemoryRouter([{ path: '/', element: <AlertForm onSave={onSave} onCancel={() => undefined} /> }]);
    render(<RouterProvider router={router} />);
    expect(document.body.textContent).not.toContain('Champ obligatoire');
    fireEvent.change(screen.getByLabelText('Contact (email)'), { target: { value: 'ops-at-example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const helper = (label: string) => screen.getByLabelText(label).closest('.bp6-form-group')?.textContent ?? '';
    expect(helper('Nom')).toContain('Champ obligatoire');
    expect(helper('Contact (email)')).toContain('Adresse e-mail invalide');
    expect(document.body.textContent).not.toMatch(/Too small|Invalid email|expected string/);
    expect(onSave).not.toHaveBeenCalled();
  });
});
