/** The demo reply templates pass the save checks, answer every demo category, and draft French replies from NLU parameters or extracted data. */
import { describe, expect, it } from 'vitest';
import { renderReplyTemplate } from '../../src/replies/render';
import { selectReplyTemplate } from '../../src/replies/select';
import { REPLY_SAMPLE_VARIABLES } from '../../src/replies/variables';
import { checkedTemplates } from '../routes/reply-templates';
import { DEMO_CATEGORIES, DEMO_DEFAULT_CATEGORY } from './seed-categorization';
import { DEMO_REPLY_TEMPLATES } from './seed-replies';

const templates = checkedTemplates(DEMO_REPLY_TEMPLATES);
const draftFor = (category: string, variables: Partial<typeof REPLY_SAMPLE_VARIABLES>) => {
  const selection = selectReplyTemplate(templates, [category]);
  if (selection.template === null) throw new Error(`no template for ${category}`);
  const rendered = renderReplyTemplate(selection.template, templates, { ...REPLY_SAMPLE_VARIABLES, extractedData: {}, parameters: {}, interactions: [], ...variables });
  if (!rendered.ok) throw new Error(rendered.error.message);
  return { name: selection.template.name, draft: rendered.output };
};

describe('demo reply templates', () => {
  it('give every demo category its own template, and the default to the rest', () => {
    for (const category of DEMO_CATEGORIES) expect(selectReplyTemplate(templates, [category.name])).toMatchObject({ chosenFor: 'category' });
    expect(selectReplyTemplate(templates, [DEMO_DEFAULT_CATEGORY])).toMatchObject({ chosenFor: 'default', template: { name: 'Accusé de réception' } });
  });

  it('draft a French claim reply from the NLU parameters, or from extracted data first', () => {
    const fromNlu = draftFor('Déclaration de sinistre', { parameters: { numeroContrat: 'HAB-1', date: '12/03/2026', montant: '1 250 €' } });
    expect(fromNlu.draft).toBe(
      'Bonjour,\n\nNous avons bien enregistré votre déclaration de sinistre pour le contrat HAB-1, survenu le 12/03/2026.\n' +
        'Montant annoncé : 1 250 €. Un gestionnaire vous contactera sous 48 heures ; gardez vos justificatifs (factures, photos).\n\n' +
        'Cordialement,\nLe service clients\nAssurances Démo',
    );
    const fromExtraction = draftFor('Déclaration de sinistre', { extractedData: { contractNumber: 'AUTO-9' }, parameters: { numeroContrat: 'HAB-1' } });
    expect(fromExtraction.draft).toContain('pour le contrat AUTO-9');
  });

  it('name the products of a quote request, and acknowledge the rest with the subject', () => {
    const quote = draftFor('Demande de devis', { interactions: [{ id: 'demanderDevis', context: 'assurance', parameters: { devis: ['devis'], produit: ['auto', 'habitation'] } }] });
    expect(quote.draft).toContain('Merci pour votre demande de devis (auto, habitation).');
    expect(draftFor('Autre', { subject: 'Question' }).draft).toContain('Nous avons bien reçu votre message « Question »');
  });
});
