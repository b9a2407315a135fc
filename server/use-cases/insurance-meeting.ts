/** insurance:meeting — appointment requests to an insurer: book, move or cancel a meeting, an expert's visit after a claim. */
import { archetype, builtin, categorization, context, field, interaction, regex, type UseCaseWording } from './content';

const CONTEXT = 'meeting';

export const insuranceMeeting: UseCaseWording = (say) => {
  const category = {
    booking: say('prise_de_rendez_vous', 'appointment_booking'),
    change: say('modification_de_rendez_vous', 'appointment_change'),
    cancellation: say('annulation_de_rendez_vous', 'appointment_cancellation'),
    expertVisit: say('visite_expert_sinistre', 'claim_expert_visit'),
    other: say('autre_demande', 'other_request'),
  };
  return {
    server: { name: 'assistant', contexts: [CONTEXT] },
    nlu: [
      context(CONTEXT, ['fr', 'gb']),
      archetype('rendezvous', { fr: 'rendez-vous;rdv;rendez vous\nentretien\nrencontre', gb: 'appointment;appointments\nmeeting' }),
      archetype('demander', { fr: 'souhaiterais;souhaite\nvoudrais;voudrions\naimerais\nprendre\nfixer\nconvenir', gb: 'would like\nbook\narrange\nschedule' }),
      archetype('deplacer', { fr: 'déplacer\ndécaler\nreporter\nmodifier\nchanger', gb: 'reschedule\nmove\npostpone\nchange' }),
      archetype('annuler', { fr: 'annuler;annule;annulation\ndécommander', gb: 'cancel;cancelled;cancellation' }),
      archetype('expert', { fr: 'expert;experts\nexpertise\nvisite', gb: 'expert\nassessor\ninspection' }),
      archetype('sinistre', { fr: 'sinistre;sinistres\ndégât des eaux;dégâts des eaux\nincendie\nbris de glace\ninondation', gb: 'claim\nwater damage\nfire\nflood' }),
      interaction(CONTEXT, 'prendreRendezVous', say('Demande un rendez-vous', 'Asks for an appointment'), ['demander', 'rendezvous']),
      interaction(CONTEXT, 'modifierRendezVous', say('Déplace un rendez-vous existant', 'Moves an existing appointment'), ['deplacer', 'rendezvous']),
      interaction(CONTEXT, 'annulerRendezVous', say('Annule un rendez-vous', 'Cancels an appointment'), ['annuler', 'rendezvous']),
      interaction(CONTEXT, 'visiteExpert', say("Demande la visite d'un expert après un sinistre", "Asks for an expert's visit after a claim"), ['expert', 'sinistre?']),
    ],
    moduleNames: {
      m1: say('Extracteur', 'Extractor'),
      m2: say('Compréhension (NLU)', 'Understanding (NLU)'),
      m3: say('Catégorisation des demandes', 'Request categorization'),
      m4: say('Extraction des informations du contrat', 'Policy details extraction'),
      m5: say('Accusé de réception rendez-vous', 'Appointment acknowledgement'),
      m6: say('Sortie JSON', 'JSON output'),
    },
    categories: [
      { name: category.booking, description: say("L'assuré demande un rendez-vous avec un conseiller ou un expert.", 'The policyholder asks for an appointment with an adviser or an expert.') },
      { name: category.change, description: say("L'assuré veut déplacer un rendez-vous existant.", 'The policyholder wants to move an existing appointment.') },
      { name: category.cancellation, description: say("L'assuré annule un rendez-vous.", 'The policyholder cancels an appointment.') },
      { name: category.expertVisit, description: say("Demande de passage d'un expert après un sinistre (dégât des eaux, incendie, bris de glace).", "A request for an expert's visit after a claim (water damage, fire, broken glass).") },
      { name: category.other, description: say('Tout autre message, à traiter par un gestionnaire.', 'Any other message, for a claims handler to deal with.') },
    ],
    moduleConfigs: {
      m3: categorization(CONTEXT, 'body', category.other, [
        ['annulation_de_rendez_vous', category.cancellation, 'annulerRendezVous'],
        ['modification_de_rendez_vous', category.change, 'modifierRendezVous'],
        ['visite_expert_sinistre', category.expertVisit, 'visiteExpert'],
        ['prise_de_rendez_vous', category.booking, 'prendreRendezVous'],
      ]),
      m4: {
        fields: [
          field('numero_contrat', say('Numéro de contrat', 'Policy number'), regex('(?:contrat|police)\\s*(?:n°|no|numéro)?\\s*:?\\s*([A-Z]{2,4}-?\\d{5,10})')),
          field('numero_sinistre', say('Numéro de sinistre', 'Claim number'), regex('(?:sinistre|claim)\\s*(?:n°|no|numéro|number)?\\s*:?\\s*([A-Z]{0,3}-?\\d{5,10})')),
          field('date_souhaitee', say('Date souhaitée', 'Preferred date'), builtin('date')),
          field('creneau', say('Créneau', 'Time slot'), regex('\\b(matin|après-midi|soir|morning|afternoon|evening)\\b')),
          field('telephone', say('Téléphone', 'Phone'), builtin('phone')),
        ],
      },
    },
  };
};
