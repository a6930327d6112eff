import { userIdOfEmail } from '@shop/projections';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, grantRole } from '../../services/app/src/testing/test-shop.js';
import { answering, backOfficeDesk, DESKTOP, MOBILE, screenshot, signUpCustomer, type E2eShop } from './e2e-shop.js';

const desk = backOfficeDesk('roles', answering('/api/admin/users/counts'), 'Olivia Propriétaire');
const SAM = { email: 'sam.support@example.com', fullName: 'Sam Support', password: 'a good password' };

let e2e: E2eShop;
let samId: string;

beforeAll(async () => {
  e2e = await desk.start();
  await signUpCustomer(e2e, SAM);
  samId = (await eventually(
    () => userIdOfEmail(e2e.shop.runtime.knex, SAM.email),
    (id) => id !== null,
  ))!;
});

afterAll(async () => {
  await e2e?.stop();
});

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

describe('staff roles in a browser', () => {
  it('an owner grants the support role from the user page, in French at 1440 px', async () => {
    const { page } = await desk.operatorPage(DESKTOP, 'fr');
    await page.goto(`/admin/users/${samId}/show`);
    const held = page.getByRole('list', { name: 'Rôles détenus' });
    await held.getByText('Client').waitFor();

    await page.getByRole('combobox', { name: /Rôle à accorder/ }).click();
    await page.getByRole('option', { name: 'Support' }).click();
    await page.getByRole('button', { name: 'Accorder' }).click();
    // The notice, not the history's line for the same grant ("Rôle support accordé par …").
    await page.getByText('Rôle Support accordé', { exact: true }).waitFor();
    await held.getByText('Support').waitFor();
    await page.getByRole('button', { name: 'Retirer le rôle Support' }).waitFor();
    await noSidewaysScroll(page, DESKTOP.width);
    await screenshot(page, 'roles-user-granted-fr-1440');

    const events = await e2e.shop.runtime.store.readStream(`account-${samId}`);
    const granted = events.find((event) => event.type === 'RoleGranted');
    expect(granted?.data).toMatchObject({ role: 'support' });
    expect(granted?.metadata.actor).toMatchObject({ type: 'admin' });
  });

  it('an owner revokes it on a phone, in English at 375 px', async () => {
    const { page } = await desk.operatorPage(MOBILE, 'en');
    await page.goto(`/admin/users/${samId}/show`);
    const held = page.getByRole('list', { name: 'Roles held' });
    await held.getByText('Support').waitFor();
    await noSidewaysScroll(page, MOBILE.width);
    await screenshot(page, 'roles-user-en-375');
    await page.getByRole('button', { name: 'Revoke the Support role' }).click();
    await page.getByText('Role Support revoked', { exact: true }).waitFor();
    await held.getByText('Support').waitFor({ state: 'detached' });
  });

  it('leads a staff member without two-factor sign-in to set it up, in French at 1440 px and in English at 375 px', async () => {
    await grantRole(e2e.shop, { email: SAM.email, userId: samId }, 'support');
    for (const [viewport, language] of [
      [DESKTOP, 'fr'],
      [MOBILE, 'en'],
    ] as const) {
      const page = await e2e.openPage('/', viewport);
      await page.addInitScript(`localStorage.setItem('RaStore.locale', ${JSON.stringify(JSON.stringify(language))})`);
      const signIn = await page.request.post('/api/auth/sign-in', {
        data: { email: SAM.email, password: SAM.password },
      });
      expect(signIn.status()).toBe(200);
      await page.goto('/admin');
      const words =
        language === 'fr'
          ? { title: 'Activez la double authentification', setUp: 'Activer la double authentification' }
          : { title: 'Turn on two-factor authentication', setUp: 'Set up two-factor authentication' };
      await page.getByRole('heading', { name: words.title }).waitFor();
      const setUp = page.getByRole('link', { name: words.setUp });
      expect(await setUp.getAttribute('href')).toBe('/security');
      await noSidewaysScroll(page, viewport.width);
      await screenshot(page, `roles-two-factor-required-${language}-${viewport.width}`);
      if (language === 'fr') {
        await setUp.click();
        await page.waitForURL(/\/security$/);
      }
    }
  });
});
