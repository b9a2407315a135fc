// @vitest-environment jsdom
/**
 * A test run's stored failure reads in the user's language: the reason is a translated sentence, the
 * raw error only its technical detail; a row written before (plain English detail) shows as stored.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { failureReason } from '../../../contract/failure-reasons';
import { encodePipelineMessage } from '../../../contract/pipeline-messages';
import { initI18n } from '../../../i18n/setup';
import { storedErrorText } from './stored-error';

describe('stored test run errors', () => {
  it('say why a run stopped in French, the database error only as the technical detail', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(storedErrorText({ code: 'testRunFailed', params: { detail: encodePipelineMessage(failureReason(refused)) } })).toBe(
      "Le test n'a pas pu continuer : la connexion a été refusée par le service distant (détail technique : connect ECONNREFUSED 127.0.0.1:5432)",
    );
    expect(storedErrorText({ code: 'testMessageFailed', params: { detail: 'Legacy English detail' } })).toBe('Un module a échoué : Legacy English detail');
  });
});
