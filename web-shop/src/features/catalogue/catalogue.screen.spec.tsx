import type { Plan, PlanList } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SubscriptionRoute from '../../app/routes/subscription';
import SubscriptionsRoute from '../../app/routes/subscriptions';
import { aPlan } from '../../testing/fixtures';
import { json, problem, renderScreen } from '../../testing/render-screen';

const netflix = aPlan();
const spotify = aPlan({ id: 'spotify-family', name: 'Spotify Famille', category: 'Music', monthlyPriceCents: 450 });
const plans = { 'GET /api/plans': () => json<PlanList>({ data: [netflix, spotify] }) };

describe('the catalogue (/subscriptions)', () => {
  it('lists the plans in French, asked for in French', async () => {
    const { api } = renderScreen(<SubscriptionsRoute />, { path: '/subscriptions', api: plans });

    const card = await screen.findByRole('article', { name: 'Netflix Premium' });
    expect(within(card).getByText('7,99 €')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Spotify Famille' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/plans')[0]?.query.get('lang')).toBe('fr');
  });

  it('keeps only the category chosen, and says so in the address', async () => {
    const { user, location } = renderScreen(<SubscriptionsRoute />, { path: '/subscriptions', api: plans });
    await screen.findByRole('article', { name: 'Netflix Premium' });

    await user.click(screen.getByRole('button', { name: 'Musique' }));

    expect(screen.queryByRole('article', { name: 'Netflix Premium' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Spotify Famille' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Musique' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/subscriptions?category=Music');
  });

  it('says when a category has no plan', async () => {
    const { user } = renderScreen(<SubscriptionsRoute />, { path: '/subscriptions', api: plans });
    await screen.findByRole('article', { name: 'Netflix Premium' });

    await user.click(screen.getByRole('button', { name: 'Logiciels' }));

    expect(screen.getByRole('status')).toHaveTextContent('Aucune offre dans cette catégorie pour le moment.');
  });

  it('shows the total of the duration chosen in the purchase dialog, then goes to the checkout', async () => {
    const { user, location } = renderScreen(<SubscriptionsRoute />, { path: '/subscriptions', api: plans });

    await user.click(await screen.findByRole('button', { name: 'Acheter maintenant : Netflix Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acheter Netflix Premium' });
    await user.click(within(dialog).getByRole('radio', { name: /3 mois/ }));

    expect(within(dialog).getByText('Total pour 3 mois')).toBeVisible();
    expect(within(dialog).getByTestId('purchase-total')).toHaveTextContent('23,97 €');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(location()).toBe('/checkout/netflix-premium?months=3');
  });

  it('says the catalogue could not be loaded when the API fails', async () => {
    renderScreen(<SubscriptionsRoute />, {
      path: '/subscriptions',
      api: { 'GET /api/plans': () => problem(500, 'internal') },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(/Réessayer/);
  });
});

describe('a plan’s page (/subscription/:id)', () => {
  it('shows the plan, its sharing and a link to buy it', async () => {
    const { user, location } = renderScreen(<SubscriptionRoute />, {
      path: '/subscription/:id',
      url: '/subscription/netflix-premium',
      api: {
        'GET /api/plans/:id': ({ params }) =>
          params.id === netflix.id ? json<Plan>(netflix) : problem(404, 'plan.not_found'),
        'GET /api/free-offer': () => problem(404, 'free_offer.not_found'),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Netflix Premium' })).toBeVisible();
    expect(screen.getByText('4 utilisateurs partagent ce compte')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Acheter maintenant' }));
    expect(location()).toBe('/checkout/netflix-premium');
  });

  it('says the plan does not exist for an unknown id', async () => {
    renderScreen(<SubscriptionRoute />, {
      path: '/subscription/:id',
      url: '/subscription/gone',
      api: {
        'GET /api/plans/:id': () => problem(404, 'plan.not_found'),
        'GET /api/free-offer': () => problem(404, 'free_offer.not_found'),
      },
    });

    expect(await screen.findByText("Cette offre n'existe pas ou n'est plus proposée.")).toBeVisible();
  });
});
