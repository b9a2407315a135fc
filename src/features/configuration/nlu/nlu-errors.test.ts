// @vitest-environment jsdom
/**
 * A refused inline regex reads in one language: our own checks (an unclosed bracket, a construct we
 * refuse) by their codes, the JavaScript engine's refusal only as that engine's labelled message —
 * on the NLU screens and in an analysis's stored NLU outcome alike.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pipelineMessage } from '../../../contract/pipeline-messages';
import { initI18n } from '../../../i18n/setup';
import { pipelineMessageText } from '../../../i18n/pipeline-message-text';
import { parseDictionary } from '../../../nlu/dictionary';
import { configErrorText, importItemText, testFailureText } from './nlu-errors';
import { runNlu } from './nlu-run';

const t = (key: string, params: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;
const errorsOf = (text: string) => parseDictionary(text, 'fr').errors;

describe('NLU regex errors', () => {
  it('say in French what is wrong, with no English sentence of ours', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const texts = errorsOf('<<[a-z>>\n<<(a+)+(?=b)>>\n<<\\Gx>>\n<<a{2,1}>>').map(configErrorText);
    expect(texts[0]).toBe("ligne 1 : Expression régulière invalide : une classe « [ » n'est pas fermée");
    expect(texts[1]).toMatch(/^ligne 2 : Construction d'expression régulière non prise en charge : un quantificateur répété dans un groupe répété/);
    expect(texts[2]).toBe("ligne 3 : Construction d'expression régulière non prise en charge : l'échappement \\G");
    // V8's own words, labelled as its message.
    expect(texts[3]).toMatch(/^ligne 4 : Expression régulière invalide : message du moteur d'expressions régulières : .*numbers out of order/i);
    for (const text of texts.slice(0, 3)) expect(text).not.toMatch(/unterminated|nested|quantifier|regexProblems|regexConstructs/i);
  });

  it('read the same in a stored NLU outcome, and in English', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    const [first] = errorsOf('<<(ab>>');
    const stored = pipelineMessage('nlu.noUsableConfiguration', { count: 1, first: { key: `nlu:configErrors.${first!.code}`, params: first!.params } });
    expect(pipelineMessageText(t, stored)).toContain('Invalid regular expression: a ( is not closed');
  });

  it('say why a browser test gave nothing: our deadline in French, a runtime error labelled as the runtime\'s', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    expect(testFailureText({ id: 1, ok: false, reason: 'timeout', seconds: 20 })).toMatch(/^Le test a été arrêté au bout de 20 secondes sans résultat/);
    // Options missing make the run itself throw: the runtime's words, labelled.
    const failed = runNlu({ id: 2, source: null as never, compile: { aiVersion: '5.0' }, text: 'x', options: null as never });
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.reason).toBe('runtime');
    expect(testFailureText(failed)).toMatch(/^Le test a échoué : message de l'exécution : \S/);
  });

  it('say why an imported name was refused, in French', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    expect(importItemText({ code: 'invalidName', params: { problem: 'characters' } })).toBe('nom invalide : il contient [ ] ; ou un retour à la ligne');
    expect(importItemText({ code: 'invalidName', params: { problem: 'empty' } })).toBe('nom invalide : il est vide');
  });
});
