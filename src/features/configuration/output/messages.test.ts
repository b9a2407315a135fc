// @vitest-environment jsdom
/**
 * Why a payload field is empty reads in one language: a failed module's reason comes from its stored
 * sentences (keys + parameters), not from the French text the payload keeps for programs.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { failureReason } from '../../../contract/failure-reasons';
import { sentence } from '../../../contract/pipeline-messages';
import { initI18n } from '../../../i18n/setup';
import { shownPayload, unavailableText } from './messages';

const failed = {
  field: 'categories',
  code: 'moduleFailed' as const,
  params: {
    module: 'categorization' as const,
    name: 'Catégories',
    message: 'Le module « Catégories » a échoué : le service distant n’a pas répondu à temps',
    messageParts: [sentence('module.failed', { name: 'Catégories', reason: failureReason(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' })) })],
  },
};

describe('output unavailable reasons', () => {
  it('translate a failed module’s reason in English, with no French sentence inside', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    const { why } = unavailableText(failed);
    expect(why).toMatch(/^The .* module "Catégories" produced nothing: The module "Catégories" failed: /);
    expect(why).not.toMatch(/a échoué|n’a pas|n'a pas/);
  });

  it('and in French', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const { why } = unavailableText(failed);
    // The raw error shows only as the marked technical detail.
    expect(why).toBe(
      "Le module Catégorisation « Catégories » n'a rien produit : Le module « Catégories » a échoué : le service n'a pas répondu à temps (détail technique : Request timed out)",
    );
  });

  it('show the payload with each empty field\'s reason translated, never the English text kept for programs', async () => {
    const preview = {
      payload: { visionEngine: null, unavailable: { visionEngine: "No vision engine module in this environment's pipeline." } },
      unavailable: [{ field: 'visionEngine', code: 'moduleMissing' as const, params: { module: 'visionEngine' as const } }],
    };
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    expect(shownPayload(preview).unavailable).toEqual({ visionEngine: 'Aucun module « Moteur de vision » dans le pipeline de cet environnement' });
    await i18next.changeLanguage('en');
    expect(shownPayload(preview).unavailable).toEqual({ visionEngine: 'No "Vision engine" module in this environment\'s pipeline' });
  });
});
