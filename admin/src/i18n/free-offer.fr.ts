import type { MessageTree } from './merge-messages';

/** The free offer's screen in French. */
export const freeOfferMessages: MessageTree = {
  shop: {
    freeOffer: {
      menu: 'Offre gratuite',
      title: 'Offre gratuite',
      explanation:
        "Un plan offert pendant quelques mois à un nombre limité de comptes, une fois par compte. Tant qu'elle est active et qu'il reste des places, la boutique l'affiche (« GRATUIT », « Obtenir GRATUITEMENT ») ; chaque client qui l'obtient reçoit un abonnement actif à 0 €, à qui attribuer des identifiants comme à un abonnement payé.",
      running: 'En cours',
      full: 'Complète',
      off: 'Désactivée',
      claimed: '%{smart_count} place prise |||| %{smart_count} places prises',
      left: '%{smart_count} place restante |||| %{smart_count} places restantes',
      plan: 'Plan offert',
      planHelp: 'Un plan en vente.',
      offSale: 'hors vente',
      months: 'Durée (mois)',
      monthsHelp: 'De 1 à 120 mois ; 12 par défaut.',
      places: 'Nombre de places',
      placesHelp: 'Au moins les places déjà prises (%{smart_count}).',
      active: 'Offre active (affichée dans la boutique)',
      saved: 'Offre gratuite enregistrée',
      refusals: {
        unknown_plan: "Ce plan n'existe pas dans le catalogue.",
        plan_not_on_sale: "Ce plan n'est plus en vente : choisissez-en un autre ou désactivez l'offre.",
        too_few_places: 'Il faut au moins autant de places que de places déjà prises.',
      },
    },
  },
};
