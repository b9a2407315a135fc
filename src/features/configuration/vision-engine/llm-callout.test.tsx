// @vitest-environment jsdom
/**
 * The settings screen's word on the language model: with none configured, what an operator sets
 * (the variables by name, never a value); with one, the model analyses are sent to.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { initI18n } from '../../../i18n/setup';
import { LlmCallout } from './vision-engine-page';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

describe('language model callout', () => {
  it('explains how to configure a model when the server has none', () => {
    render(<LlmCallout llm={{ configured: false, model: null }} />);
    const callout = screen.getByTestId('llm-status');
    expect(callout.textContent).toContain("Aucun modèle de langage n'est configuré sur ce serveur");
    for (const name of ['POSTROOM_LLM_BASE_URL', 'POSTROOM_LLM_API_KEY', 'POSTROOM_LLM_MODEL']) expect(callout.textContent).toContain(name);
    expect(callout.textContent).toContain('redémarrez le serveur');
  });

  it('names the model when one is configured', () => {
    render(<LlmCallout llm={{ configured: true, model: 'gpt-4o-mini' }} />);
    expect(screen.getByTestId('llm-status').textContent).toBe('Les analyses sont envoyées au modèle gpt-4o-mini.');
  });
});
