/** retail:quotes-and-orders — a supplier's inbox: quote requests, purchase orders, order changes, delivery follow-ups, complaints. */
import { archetype, builtin, categorization, context, field, interaction, regex, type UseCaseWording } from './content';

const CONTEXT = 'orders';

export const retailQuotesAndOrders: UseCaseWording = (say) => {
  const category = {
    quote: say('demande_de_devis', 'quote_request'),
    order: say('bon_de_commande', 'purchase_order'),
    change: say('modification_commande', 'order_change'),
    delivery: say('suivi_livraison', 'delivery_follow_up'),
    complaint: say('reclamation', 'complaint'),
    other: say('autre', 'other'),
    quoteDocument: say('devis', 'quote'),
    otherDocument: say('autre_document', 'other_document'),
  };
  return {
    server: { name: 'assistant', contexts: [CONTEXT] },
    nlu: [
      context(CONTEXT, ['fr', 'gb']),
      archetype('devis', { fr: 'devis\ncotation\noffre de prix\nproposition commerciale', gb: 'quote;quotes\nquotation\nprice offer' }),
      archetype('commande', { fr: 'commande;commandes\nbon de commande\ncommander', gb: 'order;orders\npurchase order' }),
      archetype('modifier', { fr: 'modifier;modification\nchanger\najouter\nretirer', gb: 'change\nmodify\namend\nadd\nremove' }),
      archetype('livraison', { fr: 'livraison;livré\nexpédition;expédié\ncolis\nsuivi', gb: 'delivery;delivered\nshipment;shipped\nparcel\ntracking' }),
      archetype('reclamation', { fr: 'réclamation\ndéfectueux;défectueuse\ncassé;cassée\nabîmé;abîmée\nnon conforme\nlitige', gb: 'complaint\ndefective\nbroken\ndamaged\nfaulty' }),
      interaction(CONTEXT, 'demanderDevis', say('Demande de devis', 'Quote request'), ['devis']),
      interaction(CONTEXT, 'modifierCommande', say('Modification d’une commande passée', 'Change to an order already placed'), ['modifier', 'commande']),
      interaction(CONTEXT, 'passerCommande', say('Bon de commande', 'Purchase order'), ['commande']),
      interaction(CONTEXT, 'suiviLivraison', say('Où en est la livraison ?', 'Where is the delivery?'), ['livraison']),
      interaction(CONTEXT, 'reclamation', say('Produit défectueux ou non conforme', 'Faulty or non-compliant product'), ['reclamation']),
    ],
    moduleNames: {
      m1: say('Extracteur', 'Extractor'),
      m2: say('Compréhension (NLU)', 'Understanding (NLU)'),
      m3: say('Nature de la demande', 'Kind of request'),
      m4: say('Type de pièce jointe', 'Attachment type'),
      m5: say('Lignes de commande', 'Order lines'),
      m6: say('Client et adresse de livraison', 'Customer and delivery address'),
      m7: say('Accusé de réception commande', 'Order acknowledgement'),
      m8: say('Sortie JSON', 'JSON output'),
    },
    categories: [
      { name: category.quote, description: say('Le client demande un prix ou une offre.', 'The customer asks for a price or an offer.') },
      { name: category.order, description: say('Le client passe commande (bon de commande joint ou dans le corps).', 'The customer places an order (purchase order attached or in the body).') },
      { name: category.change, description: say("Changement de quantité, d'article ou de date sur une commande.", 'A change of quantity, item or date on an order.') },
      { name: category.delivery, description: say("Question sur l'état ou la date d'une livraison.", 'A question about the status or date of a delivery.') },
      { name: category.complaint, description: say('Produit manquant, abîmé ou non conforme.', 'A missing, damaged or non-compliant product.') },
      { name: category.other, description: say('Tout autre message.', 'Any other message.') },
    ],
    moduleConfigs: {
      m3: categorization(CONTEXT, 'body', category.other, [
        ['reclamation', category.complaint, 'reclamation'],
        ['modification_commande', category.change, 'modifierCommande'],
        ['suivi_livraison', category.delivery, 'suiviLivraison'],
        ['demande_de_devis', category.quote, 'demanderDevis'],
        ['bon_de_commande', category.order, 'passerCommande'],
      ]),
      m4: categorization(CONTEXT, 'attachment', category.otherDocument, [
        ['bon_de_commande', category.order, 'passerCommande'],
        ['devis', category.quoteDocument, 'demanderDevis'],
      ]),
      m5: {
        fields: [
          field('reference_article', say('Référence article', 'Item reference'), regex('(?:réf(?:érence)?|ref|article|SKU)\\.?\\s*:?\\s*([A-Z0-9][A-Z0-9-]{3,20})', { which: 'all' }), 'array'),
          field('designation', say('Désignation', 'Description'), regex('(?:désignation|description)\\s*:\\s*([^\\n]{3,80})', { which: 'all' }), 'array'),
          field('quantite', say('Quantité', 'Quantity'), regex('(?:qté|quantité|qty|quantity)\\.?\\s*:?\\s*(\\d{1,6})', { which: 'all' }), 'array'),
          field('prix_unitaire', say('Prix unitaire', 'Unit price'), builtin('amount', 'all'), 'array'),
          field('date_livraison', say('Date de livraison', 'Delivery date'), builtin('date')),
        ],
      },
      m6: {
        fields: [
          field('numero_client', say('Numéro client', 'Customer number'), regex('(?:n°\\s*client|client\\s*n°|customer\\s*(?:no|number|id))\\s*:?\\s*([A-Z0-9-]{4,20})')),
          field('raison_sociale', say('Expéditeur', 'Sender'), { type: 'header', header: 'from' }),
          field('adresse_livraison', say('Adresse de livraison', 'Delivery address'), regex('(?:adresse de livraison|delivery address|livrer à)\\s*:\\s*([^\\n]{5,120})')),
          field('numero_commande', say('Numéro de commande', 'Order number'), regex('(?:commande|order|PO)\\s*(?:n°|no\\.?|number|#)\\s*:?\\s*([A-Z0-9-]{4,20})')),
        ],
      },
    },
  };
};
