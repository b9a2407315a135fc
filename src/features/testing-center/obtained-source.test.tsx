// @vitest-environment jsdom
/** "Accept obtained" names the run it takes values from as a reader would: environment, version, date — never its id. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import { ObtainedSource } from './obtained-source';

beforeAll(() => initI18n('fr'));
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('fr');
});

// Local time, so the date reads the same wherever the test runs.
const createdAt = new Date(2026, 2, 5, 14, 30).toISOString();

describe('source of the obtained values', () => {
  it('names the environment, the version or the current configuration, and the date, in French', () => {
    const { rerender } = render(<ObtainedSource run={{ environmentName: 'Production', versionName: null, createdAt }} language="fr" />);
    expect(screen.getByTestId('obtained-source').textContent).toBe('Dernier test : Production · Configuration actuelle · 05/03/26 14:30');
    rerender(<ObtainedSource run={{ environmentName: 'Recette', versionName: 'v2 avant fusion', createdAt }} language="fr" />);
    expect(screen.getByTestId('obtained-source').textContent).toBe('Dernier test : Recette · v2 avant fusion · 05/03/26 14:30');
  });

  it('reads in English for an English reader', async () => {
    await i18next.changeLanguage('en');
    render(<ObtainedSource run={{ environmentName: 'Production', versionName: null, createdAt }} language="en" />);
    expect(screen.getByTestId('obtained-source').textContent).toBe('Latest test: Production · Current configuration · 03/05/26 2:30 PM');
  });

  it('says when no test ran yet', () => {
    render(<ObtainedSource run={null} language="fr" />);
    expect(screen.getByTestId('obtained-source').textContent).toBe("Aucun test n'a encore été lancé sur ce message.");
  });
});
