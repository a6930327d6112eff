import type { AdminPlan } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAdminPlan } from '../../testing/fixtures';
import { json, page, problem, renderResource, type Routes, clickSave } from '../../testing/render-resource';
import plans from '.';

const netflix = anAdminPlan();
const deezer = anAdminPlan({ id: 'deezer', name: 'Deezer Premium', category: 'Music', onSale: false, sortOrder: 2 });

function plansApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/plans': () => page('plans', [netflix, deezer]),
    'GET /api/admin/plans/:id': ({ params }) =>
      json<AdminPlan | undefined>([netflix, deezer].find((plan) => plan.id === params.id)),
    'PUT /api/admin/plans/:id': () => json<AdminPlan>({ ...netflix, monthlyPriceCents: 849, version: 4 }),
    ...overrides,
  };
}

const editNetflix = (api: Routes) => renderResource('plans', plans, { url: '/plans/netflix-premium', api });

describe('the plans (back-office)', () => {
  it('lists the plans with their price and whether they are on sale', async () => {
    renderResource('plans', plans, { url: '/plans', api: plansApi() });

    const netflixRow = (await screen.findByText('Netflix Premium')).closest('tr');
    const deezerRow = screen.getByText('Deezer Premium').closest('tr');
    expect(within(netflixRow!).getByText('7,99 €')).toBeVisible();
    expect(within(netflixRow!).getByText('En vente')).toBeVisible();
    expect(within(deezerRow!).getByText('Retiré de la vente')).toBeVisible();
    // The category in French words, not the catalogue's code.
    expect(within(netflixRow!).getByText('Vidéo à la demande')).toBeVisible();
    expect(within(deezerRow!).getByText('Musique')).toBeVisible();
    expect(screen.queryByText('SVOD')).not.toBeInTheDocument();
  });

  it('changes the price in euros and sends cents, both languages’ features and the version seen', async () => {
    const { user, api, location } = editNetflix(plansApi());

    const price = await screen.findByRole('spinbutton', { name: /^Prix mensuel/ });
    expect(price).toHaveValue(7.99);
    await user.clear(price);
    await user.type(price, '8.49');
    await clickSave(user);

    expect(await screen.findByText('Plan mis à jour')).toBeVisible();
    expect(api.callsTo('PUT /api/admin/plans/netflix-premium')[0]?.body).toEqual({
      monthlyPriceCents: 849,
      features: netflix.features,
      popular: false,
      onSale: true,
      version: 3,
    });
    await expect.poll(location).toBe('/plans');
  });

  it('asks for exactly six features, one per line', async () => {
    const { user, api } = editNetflix(plansApi());

    const french = await screen.findByRole('textbox', { name: /^Avantages en français/ });
    await user.clear(french);
    await user.type(french, '4K Ultra HD{Enter}4 écrans');
    await clickSave(user);

    expect(await screen.findByText('Il faut exactement 6 avantages, un par ligne')).toBeVisible();
    expect(api.callsTo('PUT /api/admin/plans/netflix-premium')).toHaveLength(0);
  });

  it('says the plan was changed meanwhile rather than overwrite it', async () => {
    const { user } = editNetflix(plansApi({ 'PUT /api/admin/plans/:id': () => problem(409, 'plan.stale') }));

    await user.click(await screen.findByRole('switch', { name: /^Populaire/ }));
    await clickSave(user);

    expect(
      await screen.findByText('Ce plan a été modifié entre-temps : rechargez la page pour voir ses nouvelles valeurs.'),
    ).toBeVisible();
  });
});
