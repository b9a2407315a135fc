// @vitest-environment jsdom
/**
 * A connector's refusal names what is missing in the reader's words, never a setting's key
 * ("Identifiant manquant : clientSecret."), and says what to do when the platform has no Google app.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { TFunction } from 'i18next';
import { initI18n } from '../../../i18n/setup';
import { connectorCodeText } from './messages';

let fr: TFunction<'integrations'>;
let en: TFunction<'integrations'>;

beforeAll(async () => {
  await initI18n('fr');
  fr = i18next.getFixedT('fr', 'integrations') as TFunction<'integrations'>;
  en = i18next.getFixedT('en', 'integrations') as TFunction<'integrations'>;
});

describe('connector refusals', () => {
  it('name a missing credential as the connector form does', () => {
    expect(connectorCodeText(fr, 'missingSecret', 'clientSecret')).toBe('Identifiant manquant : le secret client.');
    expect(connectorCodeText(en, 'missingSecret', 'apiKey')).toBe('Missing credential: the API key.');
  });

  it("say what to do when the platform's Google app is missing, not its key", () => {
    const text = connectorCodeText(fr, 'missingSecret', 'platformCredentials') ?? '';
    expect(text).toContain('Utiliser mes propres identifiants Google');
    expect(text).not.toContain('platformCredentials');
    expect(connectorCodeText(en, 'missingSecret', 'platformCredentials')).toContain('Use my own Google credentials');
  });

  it("say a server that could not be reached (a name that does not resolve…) in the reader's words, never the failure class ('dns')", () => {
    // A failure stored before every unreached server became targetRefused: healthCheckFailed with the class as detail.
    for (const code of ['healthCheckFailed', 'authorizationFailed'] as const) {
      const french = connectorCodeText(fr, code, 'dns') ?? '';
      expect(french).toBe(connectorCodeText(fr, 'targetRefused'));
      expect(french).toContain("n’a pas pu être joint");
      expect(french).not.toMatch(/dns|technique/);
      expect(connectorCodeText(en, code, 'dns')).toMatch(/^This server could not be reached/);
    }
    // A detail the destination gave is still shown.
    expect(connectorCodeText(fr, 'healthCheckFailed', 'Microsoft Graph GET $value → HTTP 500')).toContain('HTTP 500');
  });
});
