/** insurance:meeting — appointment requests to an insurer: book, move or cancel a meeting, an expert's visit after a claim. */
import { archetype, builtin, categorization, context, field, interaction, regex, type UseCaseContent } from './content';

const CONTEXT = 'meeting';

export const insuranceMeeting: UseCaseContent = {
  server: { name: 'assistant', contexts: [CONTEXT] },
  nlu: [
    context(CONTEXT, ['fr', 'gb']),
    archetype('rendezvous', { fr: 'rendez-vous;rdv;rendez vous\nentretien\nrencontre', gb: 'appointment;appointments\nmeeting' }),
    archetype('demander', { fr: 'souhaiterais;souhaite\nvoudrais;voudrions\naimerais\nprendre\nfixer\nconvenir', gb: 'would like\nbook\narrange\nschedule' }),
    archetype('deplacer', { fr: 'déplacer\ndécaler\nreporter\nmodifier\nchanger', gb: 'reschedule\nmove\npostpone\nchange' }),
    archetype('annuler', { fr: 'annuler;annule;annulation\ndécommander', gb: 'cancel;cancelled;cancellation' }),
    archetype('expert', { fr: 'expert;experts\nexpertise\nvisite', gb: 'expert\nassessor\ninspection' }),
    archetype('sinistre', { fr: 'sinistre;sinistres\ndégât des eaux;dégâts des eaux\nincendie\nbris de glace\ninondation', gb: 'claim\nwater damage\nfire\nflood' }),
    interaction(CONTEXT, 'prendreRendezVous', 'Demande un rendez-vous', ['demander', 'rendezvous']),
    interaction(CONTEXT, 'modifierRendezVous', 'Déplace un rendez-vous existant', ['deplacer', 'rendezvous']),
    interaction(CONTEXT, 'annulerRendezVous', 'Annule un rendez-vous', ['annuler', 'rendezvous']),
    interaction(CONTEXT, 'visiteExpert', "Demande la visite d'un expert après un sinistre", ['expert', 'sinistre?']),
  ],
  moduleConfigs: {
    'Catégorisation des demandes': categorization(CONTEXT, 'body', 'autre_demande', [
      ['annulation_de_rendez_vous', 'annulerRendezVous'],
      ['modification_de_rendez_vous', 'modifierRendezVous'],
      ['visite_expert_sinistre', 'visiteExpert'],
      ['prise_de_rendez_vous', 'prendreRendezVous'],
    ]),
    'Extraction des informations du contrat': {
      fields: [
        field('numero_contrat', 'Numéro de contrat', regex('(?:contrat|police)\\s*(?:n°|no|numéro)?\\s*:?\\s*([A-Z]{2,4}-?\\d{5,10})')),
        field('numero_sinistre', 'Numéro de sinistre', regex('(?:sinistre|claim)\\s*(?:n°|no|numéro|number)?\\s*:?\\s*([A-Z]{0,3}-?\\d{5,10})')),
        field('date_souhaitee', 'Date souhaitée', builtin('date')),
        field('creneau', 'Créneau', regex('\\b(matin|après-midi|soir|morning|afternoon|evening)\\b')),
        field('telephone', 'Téléphone', builtin('phone')),
      ],
    },
  },
};
