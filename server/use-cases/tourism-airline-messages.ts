/** tourism:airline-messages — messages from airlines to a travel agency: cancelled or rescheduled flights, bookings, refunds, baggage. */
import { archetype, builtin, categorization, context, field, interaction, regex, type UseCaseWording } from './content';

const CONTEXT = 'airline';

export const tourismAirlineMessages: UseCaseWording = (say) => {
  const category = {
    scheduleChange: say('changement_horaire', 'schedule_change'),
    cancellation: say('annulation_vol', 'flight_cancellation'),
    booking: say('confirmation_reservation', 'booking_confirmation'),
    refund: say('remboursement', 'refund'),
    baggage: say('bagages', 'baggage'),
    other: say('information_generale', 'general_information'),
  };
  return {
    server: { name: 'assistant', contexts: [CONTEXT] },
    nlu: [
      context(CONTEXT, ['fr', 'gb']),
      archetype('vol', { fr: 'vol;vols', gb: 'flight;flights' }),
      archetype('annulation', { fr: 'annulé;annulée;annulation\nsupprimé', gb: 'cancelled;canceled;cancellation' }),
      archetype('horaire', { fr: 'horaire;horaires\nretard;retardé\ndécalé\nnouvelle heure', gb: 'schedule change\ndelayed;delay\nnew departure time\nretimed' }),
      archetype('reservation', { fr: 'réservation\nconfirmation\nbillet électronique', gb: 'booking\nreservation\nconfirmation\ne-ticket' }),
      archetype('remboursement', { fr: 'remboursement;rembourser;remboursé\navoir', gb: 'refund;refunded\nreimbursement\nvoucher' }),
      archetype('bagage', { fr: 'bagage;bagages\nvalise;valises', gb: 'baggage\nluggage\nsuitcase' }),
      interaction(CONTEXT, 'annulationVol', say('Un vol est annulé', 'A flight is cancelled'), ['vol', 'annulation']),
      interaction(CONTEXT, 'changementHoraire', say("L'horaire d'un vol change", "A flight's schedule changes"), ['vol', 'horaire']),
      interaction(CONTEXT, 'confirmationReservation', say('Une réservation est confirmée', 'A booking is confirmed'), ['reservation']),
      interaction(CONTEXT, 'remboursement', say('Un remboursement ou un avoir', 'A refund or a voucher'), ['remboursement']),
      interaction(CONTEXT, 'bagages', say('Un bagage perdu, retardé ou endommagé', 'A lost, delayed or damaged bag'), ['bagage']),
    ],
    moduleNames: {
      m1: say('Extracteur', 'Extractor'),
      m2: say('Compréhension (NLU)', 'Understanding (NLU)'),
      m3: say('Type de message compagnie', 'Airline message type'),
      m4: say('Données de vol', 'Flight details'),
      m5: say('Billets et factures en pièce jointe', 'Attached tickets and invoices'),
      m6: say('Regroupement par dossier (PNR)', 'Grouping by booking (PNR)'),
      m7: say('Sortie JSON', 'JSON output'),
    },
    categories: [
      { name: category.scheduleChange, description: say('La compagnie annonce un nouvel horaire de vol.', 'The airline announces a new flight time.') },
      { name: category.cancellation, description: say('Le vol est annulé par la compagnie.', 'The airline cancels the flight.') },
      { name: category.booking, description: say("Confirmation ou émission d'une réservation (PNR, billet).", 'A booking is confirmed or issued (PNR, ticket).') },
      { name: category.refund, description: say('Avoir, remboursement ou compensation (EU261).', 'A voucher, refund or compensation (EU261).') },
      { name: category.baggage, description: say('Bagage retardé, perdu ou endommagé.', 'A delayed, lost or damaged bag.') },
      { name: category.other, description: say('Information sans action attendue.', 'Information that needs no action.') },
    ],
    moduleConfigs: {
      m3: categorization(CONTEXT, 'body', category.other, [
        ['annulation_vol', category.cancellation, 'annulationVol'],
        ['changement_horaire', category.scheduleChange, 'changementHoraire'],
        ['remboursement', category.refund, 'remboursement'],
        ['bagages', category.baggage, 'bagages'],
        ['confirmation_reservation', category.booking, 'confirmationReservation'],
      ]),
      m4: {
        fields: [
          field('numero_vol', say('Numéro de vol', 'Flight number'), regex('\\b([A-Z]{2}\\s?\\d{2,4})\\b', { ignoreCase: false })),
          field('pnr', say('Référence de réservation (PNR)', 'Booking reference (PNR)'), regex('(?:PNR|[Rr]éférence|[Bb]ooking reference|[Dd]ossier)\\s*:?\\s*([A-Z0-9]{6})\\b', { ignoreCase: false })),
          field('date_depart', say('Date de départ', 'Departure date'), builtin('date')),
          field('nouvel_horaire', say('Nouvel horaire', 'New time'), regex('\\b(\\d{1,2}[:h]\\d{2})\\b')),
          field('aeroport_depart', say('Aéroport de départ', 'Departure airport'), regex('\\b([A-Z]{3})\\s*(?:-|>|→|to|vers)\\s*[A-Z]{3}\\b', { ignoreCase: false })),
          field('aeroport_arrivee', say("Aéroport d'arrivée", 'Arrival airport'), regex('\\b[A-Z]{3}\\s*(?:-|>|→|to|vers)\\s*([A-Z]{3})\\b', { ignoreCase: false })),
        ],
      },
      m5: {
        fields: [
          field('numero_billet', say('Numéro de billet', 'Ticket number'), regex('\\b(\\d{3}-?\\d{10})\\b')),
          field('montant', say('Montant', 'Amount'), builtin('amount')),
          field('devise', say('Devise', 'Currency'), regex('\\b(EUR|USD|GBP|CHF)\\b', { ignoreCase: false })),
        ],
      },
    },
  };
};
