/** tourism:airline-messages — messages from airlines to a travel agency: cancelled or rescheduled flights, bookings, refunds, baggage. */
import { archetype, builtin, categorization, context, field, interaction, regex, type UseCaseContent } from './content';

const CONTEXT = 'airline';

export const tourismAirlineMessages: UseCaseContent = {
  server: { name: 'assistant', contexts: [CONTEXT] },
  nlu: [
    context(CONTEXT, ['fr', 'gb']),
    archetype('vol', { fr: 'vol;vols', gb: 'flight;flights' }),
    archetype('annulation', { fr: 'annulé;annulée;annulation\nsupprimé', gb: 'cancelled;canceled;cancellation' }),
    archetype('horaire', { fr: 'horaire;horaires\nretard;retardé\ndécalé\nnouvelle heure', gb: 'schedule change\ndelayed;delay\nnew departure time\nretimed' }),
    archetype('reservation', { fr: 'réservation\nconfirmation\nbillet électronique', gb: 'booking\nreservation\nconfirmation\ne-ticket' }),
    archetype('remboursement', { fr: 'remboursement;rembourser;remboursé\navoir', gb: 'refund;refunded\nreimbursement\nvoucher' }),
    archetype('bagage', { fr: 'bagage;bagages\nvalise;valises', gb: 'baggage\nluggage\nsuitcase' }),
    interaction(CONTEXT, 'annulationVol', 'Un vol est annulé', ['vol', 'annulation']),
    interaction(CONTEXT, 'changementHoraire', "L'horaire d'un vol change", ['vol', 'horaire']),
    interaction(CONTEXT, 'confirmationReservation', 'Une réservation est confirmée', ['reservation']),
    interaction(CONTEXT, 'remboursement', 'Un remboursement ou un avoir', ['remboursement']),
    interaction(CONTEXT, 'bagages', 'Un bagage perdu, retardé ou endommagé', ['bagage']),
  ],
  moduleConfigs: {
    'Type de message compagnie': categorization(CONTEXT, 'body', 'information_generale', [
      ['annulation_vol', 'annulationVol'],
      ['changement_horaire', 'changementHoraire'],
      ['remboursement', 'remboursement'],
      ['bagages', 'bagages'],
      ['confirmation_reservation', 'confirmationReservation'],
    ]),
    'Données de vol': {
      fields: [
        field('numero_vol', 'Numéro de vol', regex('\\b([A-Z]{2}\\s?\\d{2,4})\\b', { ignoreCase: false })),
        field('pnr', 'Référence de réservation (PNR)', regex('(?:PNR|[Rr]éférence|[Bb]ooking reference|[Dd]ossier)\\s*:?\\s*([A-Z0-9]{6})\\b', { ignoreCase: false })),
        field('date_depart', 'Date de départ', builtin('date')),
        field('nouvel_horaire', 'Nouvel horaire', regex('\\b(\\d{1,2}[:h]\\d{2})\\b')),
        field('aeroport_depart', 'Aéroport de départ', regex('\\b([A-Z]{3})\\s*(?:-|>|→|to|vers)\\s*[A-Z]{3}\\b', { ignoreCase: false })),
        field('aeroport_arrivee', "Aéroport d'arrivée", regex('\\b[A-Z]{3}\\s*(?:-|>|→|to|vers)\\s*([A-Z]{3})\\b', { ignoreCase: false })),
      ],
    },
    'Billets et factures en pièce jointe': {
      fields: [
        field('numero_billet', 'Numéro de billet', regex('\\b(\\d{3}-?\\d{10})\\b')),
        field('montant', 'Montant', builtin('amount')),
        field('devise', 'Devise', regex('\\b(EUR|USD|GBP|CHF)\\b', { ignoreCase: false })),
      ],
    },
  },
};
