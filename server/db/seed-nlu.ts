/**
 * The demo NLU configuration, given to both environments of the demo NLU project: French
 * and English insurance mail — declaring a claim, terminating a contract, asking for a quote,
 * changing an address — with contract numbers, dates and amounts (builtins `@date`, `@amount`), a
 * context `assurance` and a started server `assistant` linked to it. Try it on
 * shared/fixtures/pdf/claim-letter-fr.pdf ("Déclaration de sinistre… contrat n° AB-77812… 48 250,00 €").
 *
 * Inserted with fixed ids and ON CONFLICT DO NOTHING, like the rest of the demo: what people edit stays.
 */
import type { InteractionParameterSource, NluLanguage } from '../../src/nlu/types';

type Dictionaries = Partial<Record<NluLanguage, string>>;

export const DEMO_NLU_CONTEXT = 'assurance';
export const DEMO_NLU_SERVER = 'assistant';

export const DEMO_NLU_ARCHETYPES: { name: string; notes: string; dictionaries: Dictionaries }[] = [
  {
    name: 'sinistre',
    notes: 'Événements déclarés comme sinistre.',
    dictionaries: {
      fr: [
        '// forme canonique;variantes',
        'sinistre;sinistres',
        'incendie;incendies;feu',
        'dégât des eaux;dégâts des eaux;fuite d’eau;fuite',
        'vol;vols;cambriolage;effraction',
        'accident;accidents;accrochage;collision',
        'bris de glace;pare-brise cassé',
        'tempête;grêle;inondation',
      ].join('\n'),
      gb: ['claim;claims', 'fire;fires', 'water damage;leak', 'theft;burglary;break-in', 'accident;accidents;collision;crash', 'broken window;broken windscreen', 'storm;hail;flood'].join('\n'),
    },
  },
  {
    name: 'declaration',
    notes: 'Verbes et noms de déclaration.',
    dictionaries: {
      fr: 'déclaration;déclarer;déclare;déclarons;signalement;signaler;signale',
      gb: 'declaration;declare;report;reporting;notify',
    },
  },
  {
    name: 'resiliation',
    notes: 'Demande de fin de contrat.',
    dictionaries: {
      fr: 'résiliation;résilier;résilie;résilions;mettre fin;annulation;annuler',
      gb: 'termination;terminate;cancel;cancellation;end my policy',
    },
  },
  {
    name: 'devis',
    notes: 'Demande de devis ou de tarif.',
    dictionaries: {
      fr: 'devis;tarif;tarifs;estimation;cotation;proposition tarifaire',
      gb: 'quote;quotes;quotation;estimate;price',
    },
  },
  {
    name: 'adresse',
    notes: "Changement d'adresse ou déménagement.",
    dictionaries: {
      fr: 'adresse;domicile;déménagement;déménager;déménage;déménageons;nouvelle adresse',
      gb: 'address;move;moving;relocation;new address',
    },
  },
  {
    name: 'contrat',
    notes: 'Le mot contrat et ses synonymes.',
    dictionaries: {
      fr: 'contrat;contrats;police;police d’assurance',
      gb: 'contract;contracts;policy;policies;insurance policy',
    },
  },
  {
    name: 'numeroContrat',
    notes: 'Numéros de contrat : deux lettres, un tiret, cinq chiffres (AB-77812).',
    dictionaries: {
      fr: '#ID_ON\n// l’identifiant renvoyé;l’expression reconnue\nnumero;<<[A-Z]{2}-\\d{5}>>',
      gb: '#ID_ON\nnumber;<<[A-Z]{2}-\\d{5}>>',
    },
  },
  {
    name: 'produit',
    notes: "Produits d'assurance.",
    dictionaries: {
      fr: 'habitation;maison;logement\nauto;automobile;voiture\nsanté;mutuelle\nprévoyance',
      gb: 'home;house\ncar;motor;vehicle\nhealth\nlife',
    },
  },
];

const parameter = (position: number, name: string, archetype: string, more: Partial<InteractionParameterSource> = {}): InteractionParameterSource => ({
  name,
  position,
  archetype,
  optional: true,
  multiple: false,
  resetConversation: false,
  ...more,
});

export const DEMO_NLU_INTERACTIONS: { name: string; comment: string; parameters: InteractionParameterSource[] }[] = [
  {
    name: 'declarerSinistre',
    comment: 'Déclaration de sinistre : l’événement, et si possible le contrat, la date et le montant.',
    parameters: [
      parameter(0, 'evenement', 'sinistre', { optional: false, multiple: true }),
      parameter(1, 'numeroContrat', 'numeroContrat'),
      parameter(2, 'date', '@date'),
      parameter(3, 'montant', '@amount'),
    ],
  },
  {
    name: 'resilierContrat',
    comment: 'Résiliation : la demande, le contrat visé et la date souhaitée.',
    parameters: [
      parameter(0, 'resiliation', 'resiliation', { optional: false }),
      parameter(1, 'contrat', 'contrat'),
      parameter(2, 'numeroContrat', 'numeroContrat'),
      parameter(3, 'date', '@date'),
    ],
  },
  {
    name: 'demanderDevis',
    comment: 'Demande de devis, pour un ou plusieurs produits.',
    parameters: [parameter(0, 'devis', 'devis', { optional: false }), parameter(1, 'produit', 'produit', { multiple: true })],
  },
  {
    name: 'changerAdresse',
    comment: "Changement d'adresse, avec la date du déménagement.",
    parameters: [parameter(0, 'adresse', 'adresse', { optional: false }), parameter(1, 'numeroContrat', 'numeroContrat'), parameter(2, 'date', '@date')],
  },
];
