/** Every key the server stores with an analysis has French and English text. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { MODULE_TYPES } from './environments';
import { pipelineMessageText } from '../i18n/pipeline-message-text';
import { decodePipelineMessage, encodePipelineMessage, joinPipelineMessages, PIPELINE_MESSAGE_KEYS, pipelineMessage, sentence } from './pipeline-messages';

function textOf(language: 'fr' | 'en', key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), resources[language].pipelineMessages);
}

function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([name, child]) => leafKeys(child, prefix === '' ? name : `${prefix}.${name}`));
}

describe('pipeline messages', () => {
  it('has French and English text for every key the server uses', () => {
    for (const language of ['fr', 'en'] as const) {
      expect(PIPELINE_MESSAGE_KEYS.filter((key) => typeof textOf(language, key) !== 'string' || (textOf(language, key) as string).trim() === '')).toEqual([]);
    }
  });

  it('has no text for a key the server does not declare', () => {
    for (const language of ['fr', 'en'] as const) {
      expect(leafKeys(resources[language].pipelineMessages).filter((key) => !(PIPELINE_MESSAGE_KEYS as readonly string[]).includes(key))).toEqual([]);
    }
  });

  it('renders a stored message in the reader language, and a legacy string as is', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
    const stored = joinPipelineMessages(pipelineMessage('module.deactivated', { name: 'Tri' }), 'Plain legacy note.');
    const translate = (language: string) => (key: string, params: Record<string, unknown>) => i18n.getFixedT(language)(key as never, params as never) as unknown as string;
    expect(pipelineMessageText(translate('fr'), stored)).toBe('Le module « Tri » est désactivé. Plain legacy note.');
    expect(pipelineMessageText(translate('en'), stored)).toBe('The module "Tri" is deactivated. Plain legacy note.');
    expect(pipelineMessageText(translate('fr'), 'Not run: an earlier step failed.')).toBe('Not run: an earlier step failed.');
    expect(pipelineMessageText(translate('fr'), null)).toBeNull();
  });

  it('names the kind of webhook in the reader language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
    const translate = (language: string) => (key: string, params: Record<string, unknown>) => i18n.getFixedT(language)(key as never, params as never) as unknown as string;
    const none = pipelineMessage('trace.noWebhook', { type: 'error' });
    expect(pipelineMessageText(translate('fr'), none)).toBe("Aucun webhook « Erreur d'analyse » actif dans cet environnement : rien à livrer.");
    expect(pipelineMessageText(translate('en'), none)).toBe('No active "Analysis error" webhook in this environment: nothing to deliver.');
    const scheduled = pipelineMessage('trace.deliveriesScheduled', { count: 2, type: 'analysis' });
    expect(pipelineMessageText(translate('fr'), scheduled)).toBe('2 livraison(s) planifiée(s) vers les webhooks « Analyse terminée » actifs.');
    for (const type of ['analysis', 'consolidation', 'error']) expect(pipelineMessageText(translate('fr'), pipelineMessage('trace.noWebhook', { type }))).not.toMatch(/webhook (analysis|consolidation|error)\b/);
  });

  it('names the step an analysis was aborted during in the reader language, never its identifier', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
    const translate = (language: string) => (key: string, params: Record<string, unknown>) => i18n.getFixedT(language)(key as never, params as never) as unknown as string;
    const aborted = pipelineMessage('trace.abortedDuring', { step: 'extractor' });
    expect(pipelineMessageText(translate('fr'), aborted)).toBe("Interrompu pendant l'étape « Extracteur » ; aucun résultat de ce traitement n'a été conservé.");
    expect(pipelineMessageText(translate('en'), aborted)).toBe('Aborted during the "Extractor" step; no result of this run was kept.');
    for (const step of [...MODULE_TYPES, 'queue']) {
      expect(pipelineMessageText(translate('fr'), pipelineMessage('trace.abortedDuring', { step }))).not.toMatch(new RegExp(`« ${step} »|\\$t\\(|modules\\.`));
    }
  });

  it('keeps keys and parameters through the stored form', () => {
    const stored = encodePipelineMessage(sentence('nlu.waited', { ms: 40 }), sentence('module.notRunEarlierFailed'));
    expect(decodePipelineMessage(stored)).toEqual([{ key: 'nlu.waited', params: { ms: 40 } }, { key: 'module.notRunEarlierFailed' }]);
    expect(decodePipelineMessage('[{ not json')).toBeNull();
    expect(decodePipelineMessage('[1,2]')).toBeNull();
  });
});
