import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { subscriptionDecider } from '../subscription/decide.js';
import { FREE_OFFER_PROVIDER, type FreeOfferEvent } from './events.js';
import { freeOfferDecider, freeOfferIsOpen, freeOfferPlacesLeft, type FreeOfferCommand } from './free-offer.js';
import { foldEvents } from '../shared/decider.js';

const spec = () => DeciderSpec.for(freeOfferDecider);
const NOW = new Date('2026-03-01T09:00:00.000Z');
const AT = NOW.toISOString();

const configure = (
  data: Partial<Extract<FreeOfferCommand, { type: 'ConfigureFreeOffer' }>['data']> = {},
): FreeOfferCommand => ({
  type: 'ConfigureFreeOffer',
  data: { planId: 'netflix', months: 12, places: 2, active: true, plan: { onSale: true }, now: NOW, ...data },
});
const claim = (userId: string): FreeOfferCommand => ({
  type: 'ClaimFreeOffer',
  data: { userId, subscriptionId: `sub-${userId}`, now: NOW },
});
const changed = (
  data: Partial<{ planId: string; months: number; places: number; active: boolean }> = {},
): FreeOfferEvent => ({
  type: 'FreeOfferChanged',
  data: { planId: 'netflix', months: 12, places: 2, active: true, changedAt: AT, ...data },
});
const claimed = (userId: string): FreeOfferEvent => ({
  type: 'FreeOfferClaimed',
  data: { userId, subscriptionId: `sub-${userId}`, planId: 'netflix', months: 12, claimedAt: AT },
});

describe('the operator sets the free offer', () => {
  it('records the settings, and nothing when they are the same', () => {
    spec().when(configure()).then([changed()]);
    spec().given([changed()]).when(configure()).thenNothing();
    spec()
      .given([changed()])
      .when(configure({ active: false }))
      .then([changed({ active: false })]);
  });

  it('refuses an unknown plan, a plan off sale while on, months out of range and fewer places than claimed', () => {
    spec()
      .when(configure({ plan: null }))
      .thenThrows({ code: 'free_offer.unknown_plan' });
    spec()
      .when(configure({ plan: { onSale: false } }))
      .thenThrows({ code: 'free_offer.plan_not_on_sale' });
    for (const months of [0, 121, 1.5]) {
      spec().when(configure({ months })).thenThrows({ code: 'free_offer.invalid_months' });
    }
    spec()
      .given([changed(), claimed('ann'), claimed('bob')])
      .when(configure({ places: 1 }))
      .thenThrows({ code: 'free_offer.too_few_places', details: { claimed: 2 } });
  });

  it('may switch off an offer whose plan was taken off sale', () => {
    spec()
      .given([changed()])
      .when(configure({ active: false, plan: { onSale: false } }))
      .then([changed({ active: false })]);
  });
});

describe('a customer claims the free offer', () => {
  it('takes a place with the plan and months of the offer', () => {
    spec()
      .given([changed()])
      .when(claim('ann'))
      .then([claimed('ann')]);
  });

  it('once per account, even after the offer closed', () => {
    spec()
      .given([changed(), claimed('ann')])
      .when(claim('ann'))
      .thenThrows({ code: 'free_offer.already_claimed', details: { subscriptionId: 'sub-ann' } });
    spec()
      .given([changed(), claimed('ann'), changed({ active: false })])
      .when(claim('ann'))
      .thenThrows({ code: 'free_offer.already_claimed' });
  });

  it('not while it is off or never set, nor once the places are taken', () => {
    spec().when(claim('ann')).thenThrows({ code: 'free_offer.closed' });
    spec()
      .given([changed({ active: false })])
      .when(claim('ann'))
      .thenThrows({ code: 'free_offer.closed' });
    spec()
      .given([changed(), claimed('ann'), claimed('bob')])
      .when(claim('cat'))
      .thenThrows({ code: 'free_offer.sold_out' });
  });

  it('counts the places left, and is open only while on with a place left', () => {
    const state = (events: FreeOfferEvent[]) => foldEvents(freeOfferDecider, events);
    expect(freeOfferPlacesLeft(state([]))).toBe(0);
    expect(freeOfferPlacesLeft(state([changed(), claimed('ann')]))).toBe(1);
    expect(freeOfferIsOpen(state([changed(), claimed('ann')]))).toBe(true);
    expect(freeOfferIsOpen(state([changed(), claimed('ann'), claimed('bob')]))).toBe(false);
    expect(freeOfferIsOpen(state([changed({ active: false })]))).toBe(false);
    // More places later reopen it.
    expect(freeOfferPlacesLeft(state([changed(), claimed('ann'), claimed('bob'), changed({ places: 5 })]))).toBe(3);
  });
});

describe('the subscription a claim gives', () => {
  it('is an order placed and paid at once, at 0, with the free offer as provider', () => {
    DeciderSpec.for(subscriptionDecider)
      .when({
        type: 'GrantSubscription',
        data: {
          subscriptionId: 'sub-ann',
          userId: 'ann',
          plan: { id: 'netflix', name: 'Netflix', monthlyPriceCents: 453, currency: 'EUR' },
          months: 12,
          customPriceCents: 0,
          grantedBy: 'free_offer',
          now: NOW,
        },
      })
      .then([
        {
          type: 'OrderPlaced',
          data: expect.objectContaining({ totalCents: 0, months: 12, provider: FREE_OFFER_PROVIDER }),
        },
        {
          type: 'PaymentConfirmed',
          data: {
            subscriptionId: 'sub-ann',
            provider: FREE_OFFER_PROVIDER,
            paymentReference: 'free_offer:sub-ann',
            amountCents: 0,
            currency: 'EUR',
            paidAt: AT,
            expiresAt: '2027-03-01T09:00:00.000Z',
          },
        },
      ]);
  });
});
