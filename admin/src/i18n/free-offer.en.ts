import type { MessageTree } from './merge-messages';

/** The free offer's screen in English. */
export const freeOfferMessages: MessageTree = {
  shop: {
    freeOffer: {
      menu: 'Free offer',
      title: 'Free offer',
      explanation:
        'One plan given for some months to a limited number of accounts, once per account. While it is on with places left, the shop shows it ("FREE", "Get it FREE"); each customer who claims it gets an active subscription at €0, to be given credentials like a paid one.',
      running: 'Running',
      full: 'Full',
      off: 'Off',
      claimed: '%{smart_count} place claimed |||| %{smart_count} places claimed',
      left: '%{smart_count} place left |||| %{smart_count} places left',
      plan: 'Plan given',
      planHelp: 'A plan on sale.',
      offSale: 'off sale',
      months: 'Duration (months)',
      monthsHelp: 'From 1 to 120 months; 12 by default.',
      places: 'Number of places',
      placesHelp: 'At least the places already claimed (%{smart_count}).',
      active: 'Offer on (shown in the shop)',
      saved: 'Free offer saved',
      refusals: {
        unknown_plan: 'This plan is not in the catalogue.',
        plan_not_on_sale: 'This plan is no longer on sale: choose another or switch the offer off.',
        too_few_places: 'There must be at least as many places as were already claimed.',
      },
    },
  },
};
