import type { SubscriptionAsOf } from '@shop/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { fr } from '../i18n/fr';
import { aSubscriptionAsOf } from '../testing/fixtures';
import { json, renderResource } from '../testing/render-resource';
import { StateAsOfPanel } from './state-as-of-panel';

function renderPanel(state: SubscriptionAsOf, locale: 'fr' | 'en' = 'fr') {
  return renderResource(
    'subscriptions',
    { list: () => <StateAsOfPanel subscriptionId="sub-1" /> },
    { url: '/subscriptions', api: { 'GET /api/admin/subscriptions/:id': () => json(state) }, locale },
  );
}

async function showState(user: ReturnType<typeof renderPanel>['user'], button = 'Afficher') {
  fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2026-11-20T13:00:00' } });
  await user.click(screen.getByRole('button', { name: button }));
  return screen.findByTestId('state-as-of');
}

describe('"État au…", the state of a subscription as of an instant', () => {
  it('names the last event in French and counts the events with the right plural', async () => {
    const { user } = renderPanel(aSubscriptionAsOf());
    const state = await showState(user);
    expect(within(state).getByText(/^3 événements, le dernier : Paiement confirmé le /)).toBeVisible();
    expect(state).not.toHaveTextContent('PaymentConfirmed');
    expect(state).not.toHaveTextContent('(s)');
  });

  it('says one event in the singular', async () => {
    const { user } = renderPanel(aSubscriptionAsOf({ version: 1, lastEventType: 'OrderPlaced', status: 'pending' }));
    const state = await showState(user);
    expect(within(state).getByText(/^1 événement : Commande passée le /)).toBeVisible();
  });

  it('reads in English', async () => {
    const { user } = renderPanel(aSubscriptionAsOf({ lastEventType: 'SubscriptionVoided', voided: true }), 'en');
    fireEvent.change(await screen.findByLabelText(/Date/), { target: { value: '2026-11-20T13:00:00' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const state = await screen.findByTestId('state-as-of');
    expect(within(state).getByText(/^3 events, the last: Subscription voided as a mistake on /)).toBeVisible();
  });

  it('takes the instant day first, as French writes it, and says so in French when it cannot read it', async () => {
    const { user, api } = renderPanel(aSubscriptionAsOf());
    const field = await screen.findByLabelText('Date et heure');
    expect(field).toHaveAttribute('type', 'text');
    expect((field as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(field).toHaveAttribute('placeholder', 'jj/mm/aaaa hh:mm:ss');
    expect(field.closest('form')).toHaveAttribute('novalidate');

    await user.clear(field);
    await user.type(field, '11/26/2026 10:00');
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(await screen.findByText('Écrivez une date et une heure, par exemple 26/11/2026 13:05:00.')).toBeVisible();
    expect(api.callsTo('GET /api/admin/subscriptions/sub-1')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '20/11/2026 13:00:00');
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    await screen.findByTestId('state-as-of');
    const [asked] = api.callsTo('GET /api/admin/subscriptions/sub-1');
    expect(new Date(asked!.query.get('asOf')!)).toEqual(new Date(2026, 10, 20, 13, 0, 0));
  });

  it('names the same event types in French and in English', () => {
    const typesIn = (messages: typeof fr) => Object.keys((messages.shop as { eventTypes: object }).eventTypes).sort();
    expect(typesIn(en)).toEqual(typesIn(fr));
  });
});
