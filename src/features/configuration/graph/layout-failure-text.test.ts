// @vitest-environment jsdom
/**
 * A failed layout reads in one language: our deadline is our own sentence (no English code such as
 * "timeout" inside a French one), the layout library's text only as that library's labelled message.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/setup';
import { layoutFailureText } from './layout-failure-text';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

describe('graph layout failures', () => {
  it('say in French that the deadline passed, and whose message a library error is', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    expect(layoutFailureText(t, { reason: 'timeout', seconds: 60 })).toBe(
      "Le graphe n'a pas pu être disposé en 60 secondes : choisissez un module pour afficher moins de nœuds.",
    );
    expect(layoutFailureText(t, { reason: 'engine', message: 'Cannot read properties of undefined' })).toBe(
      "Le graphe n'a pas pu être disposé : message du moteur de disposition : Cannot read properties of undefined",
    );
  });

  it('and in English', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    expect(layoutFailureText(t, { reason: 'timeout', seconds: 60 })).toMatch(/^The graph could not be laid out within 60 seconds/);
    expect(layoutFailureText(t, { reason: 'aborted' })).toBe('The layout was stopped.');
  });
});
