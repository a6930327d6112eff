import type { PlanList } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomeRoute from '../../app/routes/home';
import { aPlan } from '../../testing/fixtures';
import { json, problem, renderScreen } from '../../testing/render-screen';

const api = {
  'GET /api/plans': () =>
    json<PlanList>({ data: [aPlan(), aPlan({ id: 'spotify-family', name: 'Spotify Famille', category: 'Music' })] }),
  'GET /api/free-offer': () => problem(404, 'free_offer.not_found'),
};

describe('the home page (/)', () => {
  it('counts the services on sale in the hero and lists them below', async () => {
    renderScreen(<HomeRoute />, { path: '/', api });

    expect(
      screen.getByRole('heading', { level: 1, name: "Vos abonnements premium, jusqu'à 70% moins cher" }),
    ).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Spotify Famille' })).toBeVisible();
    expect(screen.getByText('Services disponibles').parentElement).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Commencer maintenant' })).toHaveAttribute('href', '#plans');
  });

  it('pages through the testimonials three at a time', async () => {
    const { user } = renderScreen(<HomeRoute />, { path: '/', api });
    const testimonials = screen.getByRole('region', { name: 'Ce que disent nos clients' });

    expect(within(testimonials).getByText('Sophie Martin')).toBeVisible();
    expect(within(testimonials).queryByText('Thomas Leroy')).not.toBeInTheDocument();
    await user.click(within(testimonials).getByRole('button', { name: 'Avis suivants' }));

    expect(within(testimonials).getByText('Thomas Leroy')).toBeVisible();
    expect(within(testimonials).queryByText('Sophie Martin')).not.toBeInTheDocument();
  });
});
