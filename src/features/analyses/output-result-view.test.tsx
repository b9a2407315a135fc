// @vitest-environment jsdom
/**
 * The analysis result page's output module: the payload keeps an English `unavailable` for programs;
 * the console never shows it, and its message says why each field is empty in the reader's language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import type { ModuleResult } from '../../contract/analyses';
import { sentence } from '../../contract/pipeline-messages';
import { ModuleResults } from './module-results';

afterEach(() => cleanup());

const output = {
  moduleId: 'o',
  type: 'output',
  name: 'Sortie',
  outcome: 'success',
  // As the API answers it: the text in the caller's language, and the sentences the console translates.
  message: 'Payload construit avec analysis, documents ; rien pour visionEngine.',
  messageParts: [
    sentence('output.summaryWithout', { included: 'analysis, documents', unavailable: 'visionEngine' }),
    sentence('output.reason.moduleMissing', { field: 'visionEngine', module: 'visionEngine' }),
  ],
  result: { analysis: { id: 'a1' }, visionEngine: null, unavailable: { visionEngine: "No vision engine module in this environment's pipeline." } },
} as unknown as ModuleResult;

describe('output result', () => {
  for (const [language, why] of [
    ['fr', 'Résultat du moteur de vision : aucun module « Moteur de vision » dans le pipeline de cet environnement.'],
    ['en', 'Vision engine output: no "Vision engine" module in this environment\'s pipeline.'],
  ] as const) {
    it(`says why a field is empty in ${language}, never the payload's English text`, async () => {
      await initI18n(language);
      await i18next.changeLanguage(language);
      render(<ModuleResults modules={[output]} />);
      expect(screen.getByTestId('module-message').textContent).toContain(why);
      expect(screen.getByTestId('output-payload').textContent).not.toContain('No vision engine module');
      expect(document.body.textContent).not.toContain('No vision engine module');
    });
  }
});
