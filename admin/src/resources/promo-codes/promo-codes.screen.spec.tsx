import type { AdminPromoCode } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, problem, renderResource, type Routes, clickSave } from '../../testing/render-resource';
import promoCodes from '.';

const summer: AdminPromoCode = {
  id: 'ETE2026',
  code: 'ETE2026',
  percentOff: 15,
  validFrom: null,
  validUntil: null,
  usageLimit: 100,
  timesUsed: 3,
  active: true,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
  version: 1,
};

function promoApi(overrides: Routes = {}): Routes {
  return {
    'GET /api/admin/promo-codes': () => page('promo-codes', [summer]),
    'POST /api/admin/promo-codes': ({ body }) => {
      const created = body as Pick<AdminPromoCode, 'code' | 'percentOff'>;
      return json<AdminPromoCode>({ ...summer, ...created, id: created.code, timesUsed: 0 }, { status: 201 });
    },
    ...overrides,
  };
}

describe('the promo codes (back-office)', () => {
  it('lists each code with its use and whether it is active', async () => {
    renderResource('promo-codes', promoCodes, { url: '/promo-codes', api: promoApi() });

    const row = (await screen.findByText('ETE2026')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row!).getByText('3 / 100')).toBeVisible();
    expect(within(row!).getByText('Sans limite de date')).toBeVisible();
    expect(within(row!).getByText('Actif')).toBeVisible();
  });

  it('creates a code in capitals with only the fields the API reads, then returns to the list', async () => {
    const { user, api, location } = renderResource('promo-codes', promoCodes, {
      url: '/promo-codes/create',
      api: promoApi(),
    });

    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), 'no');
    await user.type(screen.getByRole('spinbutton', { name: /^Réduction/ }), '20');
    await clickSave(user);
    expect(await screen.findByText('Minimum 3 caractères')).toBeVisible();
    expect(api.callsTo('POST /api/admin/promo-codes')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'el-2026');
    await clickSave(user);

    expect(await screen.findByText('Code promo créé')).toBeVisible();
    expect(api.callsTo('POST /api/admin/promo-codes')[0]?.body).toEqual({
      code: 'NOEL-2026',
      percentOff: 20,
      validFrom: null,
      validUntil: null,
      usageLimit: null,
      active: true,
    });
    await expect.poll(location).toBe('/promo-codes');
  });

  it('takes its validity dates day first, as the back-office writes them, and says in French when it cannot read one', async () => {
    const { user, api } = renderResource('promo-codes', promoCodes, {
      url: '/promo-codes/create',
      api: promoApi(),
    });

    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), 'NOEL-2026');
    await user.type(screen.getByRole('spinbutton', { name: /^Réduction/ }), '20');
    const from = screen.getByRole('textbox', { name: 'Valable à partir du' });
    expect(from).toHaveAttribute('type', 'text');
    expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa hh:mm:ss');
    await user.type(from, '12/31/2026 10:00');
    await clickSave(user);
    expect(await screen.findByText('Écrivez une date et une heure, par exemple 26/11/2026 13:05:00.')).toBeVisible();
    expect(api.callsTo('POST /api/admin/promo-codes')).toHaveLength(0);

    await user.clear(from);
    await user.type(from, '01/12/2026 10:00');
    await user.type(screen.getByRole('textbox', { name: "Valable jusqu'au" }), '31/12/2026 23:59:59');
    await clickSave(user);

    expect(await screen.findByText('Code promo créé')).toBeVisible();
    expect(api.callsTo('POST /api/admin/promo-codes')[0]?.body).toMatchObject({
      validFrom: new Date(2026, 11, 1, 10, 0).toISOString(),
      validUntil: new Date(2026, 11, 31, 23, 59, 59).toISOString(),
    });
  });

  it('says in French that the code already exists', async () => {
    const { user } = renderResource('promo-codes', promoCodes, {
      url: '/promo-codes/create',
      api: promoApi({ 'POST /api/admin/promo-codes': () => problem(409, 'promo.already_exists') }),
    });

    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), 'ETE2026');
    await user.type(screen.getByRole('spinbutton', { name: /^Réduction/ }), '15');
    await clickSave(user);

    expect(await screen.findByText('Ce code promo existe déjà.')).toBeVisible();
  });
});
