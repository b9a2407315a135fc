/** An analysis's module results for the evidence tests: a mail with a two-page letter, its NLU, the real categorization engine's decision and an extracted field. */
import type { ModuleResult } from '../contract/analyses';
import type { ExtractorResult } from '../contract/analysis-results';
import type { NluInteractionResult } from '../contract/modules/nlu';
import type { ExtractionResult } from '../contract/modules/extraction';
import type { NluModuleResult } from '../contract/nlu-module';
import { categorize } from '../categorization/categorize';
import { engineDocuments } from '../categorization/from-results';
import { category, input, interaction, rule } from '../categorization/test-fixtures';

export const letter = 'Bonjour,\nJe souhaite résilier mon contrat AU-30871.\nMerci';
export const extractor: ExtractorResult = {
  documents: [
    { fileId: 'f1', path: ['mail.eml'], name: 'mail.eml', source: 'main', contentType: 'message/rfc822', headers: { subject: 'Résiliation' }, html: null, pageCount: null, blocks: [{ page: null, text: 'Voir la lettre jointe.' }], notes: [] },
    {
      fileId: 'f1',
      path: ['mail.eml', 'lettre.pdf'],
      name: 'lettre.pdf',
      source: 'attachment',
      contentType: 'application/pdf',
      headers: null,
      html: null,
      pageCount: 2,
      blocks: [
        { page: 1, text: 'En-tête' },
        { page: 2, text: 'Titre\n\nSuite' },
        { page: 2, text: letter },
      ],
      notes: [],
    },
  ],
};
const at = (word: string) => ({ value: word.toLowerCase(), text: word, start: letter.indexOf(word), end: letter.indexOf(word) + word.length, archetype: 'a', path: [], parents: [] });
const termination: NluInteractionResult = { id: 'resilierContrat', context: 'assurance', complete: true, missing: [], parameters: { contrat: [at('AU-30871')], action: [at('résilier')] } };
const nlu: NluModuleResult = {
  server: 'main',
  context: 'assurance',
  blocksNotAnalysed: 0,
  blocks: [
    {
      document: 1,
      block: 2,
      documentName: 'lettre.pdf',
      source: 'attachment',
      page: 2,
      result: { language: 'fr', interactions: [termination], labels: [{ start: letter.indexOf('contrat'), end: letter.indexOf('contrat') + 7, archetype: 'contrat', text: 'contrat' }] },
    },
  ],
};
const categorization = categorize(
  input({ categories: [category('Résiliation', [rule('résiliation', [interaction('resilierContrat')], { target: 'attachment' })], { target: 'attachment' })] }, engineDocuments(extractor, [nlu])),
);
export const contractAt = { document: 1, block: 2, start: letter.indexOf('AU-30871'), end: letter.indexOf('AU-30871') + 8 };
export const extraction: ExtractionResult = { scope: 'analysis', fields: { numeroContrat: 'AU-30871', objet: 'Résiliation' }, errors: [], evidence: { numeroContrat: [contractAt] }, documents: [] };

export const module = (type: ModuleResult['type'], result: unknown): ModuleResult => ({ moduleId: type, type, name: type, outcome: 'success', message: null, result }) as ModuleResult;
export const modules = [module('extractor', extractor), module('nlu', nlu), module('extraction', extraction), module('categorization', categorization)];
