/** retail:quotes-and-orders — a supplier's inbox: quote requests, purchase orders, order changes, delivery follow-ups, complaints. */
import { archetype, builtin, categorization, context, field, interaction, regex, type UseCaseContent } from './content';

const CONTEXT = 'orders';

export const retailQuotesAndOrders: UseCaseContent = {
  server: { name: 'assistant', contexts: [CONTEXT] },
  nlu: [
    context(CONTEXT, ['fr', 'gb']),
    archetype('devis', { fr: 'devis\ncotation\noffre de prix\nproposition commerciale', gb: 'quote;quotes\nquotation\nprice offer' }),
    archetype('commande', { fr: 'commande;commandes\nbon de commande\ncommander', gb: 'order;orders\npurchase order' }),
    archetype('modifier', { fr: 'modifier;modification\nchanger\najouter\nretirer', gb: 'change\nmodify\namend\nadd\nremove' }),
    archetype('livraison', { fr: 'livraison;livré\nexpédition;expédié\ncolis\nsuivi', gb: 'delivery;delivered\nshipment;shipped\nparcel\ntracking' }),
    archetype('reclamation', { fr: 'réclamation\ndéfectueux;défectueuse\ncassé;cassée\nabîmé;abîmée\nnon conforme\nlitige', gb: 'complaint\ndefective\nbroken\ndamaged\nfaulty' }),
    interaction(CONTEXT, 'demanderDevis', 'Demande de devis', ['devis']),
    interaction(CONTEXT, 'modifierCommande', 'Modification d’une commande passée', ['modifier', 'commande']),
    interaction(CONTEXT, 'passerCommande', 'Bon de commande', ['commande']),
    interaction(CONTEXT, 'suiviLivraison', 'Où en est la livraison ?', ['livraison']),
    interaction(CONTEXT, 'reclamation', 'Produit défectueux ou non conforme', ['reclamation']),
  ],
  moduleConfigs: {
    'Nature de la demande': categorization(CONTEXT, 'body', 'autre', [
      ['reclamation', 'reclamation'],
      ['modification_commande', 'modifierCommande'],
      ['suivi_livraison', 'suiviLivraison'],
      ['demande_de_devis', 'demanderDevis'],
      ['bon_de_commande', 'passerCommande'],
    ]),
    'Type de pièce jointe': categorization(CONTEXT, 'attachment', 'autre_document', [
      ['bon_de_commande', 'passerCommande'],
      ['devis', 'demanderDevis'],
    ]),
    'Lignes de commande': {
      fields: [
        field('reference_article', 'Référence article', regex('(?:réf(?:érence)?|ref|article|SKU)\\.?\\s*:?\\s*([A-Z0-9][A-Z0-9-]{3,20})', { which: 'all' }), 'array'),
        field('designation', 'Désignation', regex('(?:désignation|description)\\s*:\\s*([^\\n]{3,80})', { which: 'all' }), 'array'),
        field('quantite', 'Quantité', regex('(?:qté|quantité|qty|quantity)\\.?\\s*:?\\s*(\\d{1,6})', { which: 'all' }), 'array'),
        field('prix_unitaire', 'Prix unitaire', builtin('amount', 'all'), 'array'),
        field('date_livraison', 'Date de livraison', builtin('date')),
      ],
    },
    'Client et adresse de livraison': {
      fields: [
        field('numero_client', 'Numéro client', regex('(?:n°\\s*client|client\\s*n°|customer\\s*(?:no|number|id))\\s*:?\\s*([A-Z0-9-]{4,20})')),
        field('raison_sociale', 'Expéditeur', { type: 'header', header: 'from' }),
        field('adresse_livraison', 'Adresse de livraison', regex('(?:adresse de livraison|delivery address|livrer à)\\s*:\\s*([^\\n]{5,120})')),
        field('numero_commande', 'Numéro de commande', regex('(?:commande|order|PO)\\s*(?:n°|no\\.?|number|#)\\s*:?\\s*([A-Z0-9-]{4,20})')),
      ],
    },
  },
};
