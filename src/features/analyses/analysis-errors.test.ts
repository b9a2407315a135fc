// @vitest-environment jsdom
/** §8 analysis messages: picked by the server's code, else by the status, else the server's message. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/errors';
import { initI18n } from '../../i18n/setup';
import { analysisErrorText } from './analysis-errors';

let t: TFunction<'analyses'>;
beforeAll(async () => {
  const i18n = await initI18n('fr');
  t = i18n.getFixedT('fr', 'analyses');
});

const http = (status: number, jsonData: unknown) => new ApiError('http', 'x', { url: '/', status, jsonData });

describe('analysisErrorText', () => {
  it('translates the codes the server answers with', () => {
    expect(analysisErrorText(t, http(409, { code: 'analysisAnonymized', message: 'Anonymized' }))).toBe("Impossible d'ouvrir une analyse anonymisée");
    expect(analysisErrorText(t, http(409, { code: 'alreadyProcessing', message: 'busy' }))).toBe("L'analyse est déjà en cours de traitement");
  });
  it('says "not found" for a 404 without a code, and never shows the server sentence', () => {
    expect(analysisErrorText(t, http(404, {}))).toBe('Analyse introuvable');
    expect(analysisErrorText(t, http(500, { message: 'Disk full' }))).toBe("Le serveur a répondu avec l'erreur 500.");
  });
});
