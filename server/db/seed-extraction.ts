/**
 * The demo NLU environments' information extraction: the contract number, the date
 * of loss and the amount of the demo mails, once per analysis, each from a different kind of source
 * so the demo shows them side by side. It runs before the categorization, whose rules may read it.
 */
import type { ExtractionConfigInput } from '../../src/contract/modules/extraction';

export const DEMO_EXTRACTION_CONFIG: ExtractionConfigInput = {
  fields: [
    {
      id: 'demo-field-contract',
      name: 'numeroContrat',
      label: 'Numéro de contrat',
      format: 'string',
      // Two capital letters, a dash, five digits (AB-77812), as the NLU archetype numeroContrat.
      source: { type: 'regex', pattern: '\\b[A-Z]{2}-\\d{5}\\b', group: 0, ignoreCase: false, which: 'first' },
    },
    {
      id: 'demo-field-date',
      name: 'dateSinistre',
      label: 'Date du sinistre',
      format: 'string',
      source: { type: 'nluParameter', interaction: 'declarerSinistre', parameter: 'date', read: 'value', which: 'first' },
    },
    {
      id: 'demo-field-amount',
      name: 'montant',
      label: 'Montant',
      format: 'number',
      source: { type: 'namedSnippet', snippet: 'montantDeclare' },
    },
  ],
  snippets: [
    {
      name: 'montantDeclare',
      description: 'Le premier montant du texte, lignes jointes : un PDF coupe parfois « 48 250,00 € » en fin de ligne.',
      program: '{{ text | normalize_space | parse_amount }}',
    },
  ],
  tests: [
    {
      id: 'demo-test-claim',
      name: 'Déclaration de sinistre',
      text: 'Bonjour,\nSuite à l’incendie survenu le 12 novembre 2026, je déclare un sinistre sur le contrat n° AB-77812. Montant estimé des dommages : 48 250,00 €.\nCordialement',
      analysisId: null,
      expected: { numeroContrat: 'AB-77812', dateSinistre: '2026-11-12', montant: 48250 },
    },
  ],
};
