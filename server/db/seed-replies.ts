/**
 * The demo NLU project's reply templates: a French reply per demo category
 * (seed-categorization.ts), a default acknowledgement for the rest ("Autre"), and a signature every
 * reply includes. Values come from extracted data when the extraction module gives them, else from
 * the NLU parameters of the demo interactions (seed-nlu.ts). Try it: docs/guide/use-case-replies-and-output.md.
 */
import type { ReplyTemplateInput } from '../../src/contract/modules/reply-template';

/** Contract number, date and amount: extracted data first, else the NLU parameters. */
const VALUES = [
  '{%- assign contrat = extractedData.contractNumber | default: parameters.numeroContrat -%}',
  '{%- assign date = extractedData.dateOfLoss | default: parameters.date -%}',
  '{%- assign montant = extractedData.amount | default: parameters.montant -%}',
].join('\n');

const reply = (lines: string[]) => [VALUES, 'Bonjour,', '', ...lines, '', "{% include 'Signature' %}"].join('\n');

export const DEMO_REPLY_TEMPLATES: ReplyTemplateInput[] = [
  { id: 'demo-reply-signature', name: 'Signature', body: 'Cordialement,\nLe service clients\nAssurances Démo' },
  {
    id: 'demo-reply-ack',
    name: 'Accusé de réception',
    isDefault: true,
    body: reply(['Nous avons bien reçu votre message{% if subject %} « {{ subject }} »{% endif %} et nous y répondrons dans les meilleurs délais.']),
  },
  {
    id: 'demo-reply-claim',
    name: 'Sinistre',
    category: 'Déclaration de sinistre',
    body: reply([
      'Nous avons bien enregistré votre déclaration de sinistre{% if contrat %} pour le contrat {{ contrat }}{% endif %}{% if date %}, survenu le {{ date }}{% endif %}.',
      '{% if montant %}Montant annoncé : {{ montant }}. {% endif %}Un gestionnaire vous contactera sous 48 heures ; gardez vos justificatifs (factures, photos).',
    ]),
  },
  {
    id: 'demo-reply-termination',
    name: 'Résiliation',
    category: 'Résiliation',
    body: reply([
      'Nous avons bien reçu votre demande de résiliation{% if contrat %} du contrat {{ contrat }}{% endif %}{% if date %}, à compter du {{ date }}{% endif %}.',
      'Vous recevrez une confirmation écrite avec la date de fin de vos garanties.',
    ]),
  },
  {
    id: 'demo-reply-quote',
    name: 'Devis',
    category: 'Demande de devis',
    body: reply([
      "Merci pour votre demande de devis{% assign produits = interactions | where: 'id', 'demanderDevis' | map: 'parameters' | map: 'produit' | first %}{% if produits %} ({{ produits | join: ', ' }}){% endif %}.",
      'Un conseiller vous adressera une proposition personnalisée sous trois jours ouvrés.',
    ]),
  },
  {
    id: 'demo-reply-address',
    name: "Changement d'adresse",
    category: "Changement d'adresse",
    body: reply([
      "Nous avons bien noté votre changement d'adresse{% if date %} à compter du {{ date }}{% endif %}{% if contrat %} pour le contrat {{ contrat }}{% endif %}.",
      'Votre attestation mise à jour vous sera envoyée par courrier.',
    ]),
  },
];
