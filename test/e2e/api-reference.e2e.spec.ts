import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, screenshot, startE2eShop, type E2eShop } from './e2e-shop.js';

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_api_reference');
});

afterAll(async () => {
  await e2e?.stop();
});

describe('the API reference in a browser', () => {
  it('lists every operation with who may call it, with nothing loaded from elsewhere and nothing refused by the Content-Security-Policy', async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: DESKTOP, reducedMotion: 'reduce' });
    try {
      context.setDefaultTimeout(15_000);
      const elsewhere: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin !== e2e.baseUrl && url.protocol !== 'data:') elsewhere.push(request.url());
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto('/api/docs');
      await page.getByRole('heading', { name: /Shop API/ }).waitFor();
      const operations = page.locator('.opblock');
      await operations.first().waitFor();
      const documented = (await (await page.request.get('/api/openapi.json')).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const count = Object.values(documented.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
      await expect.poll(() => operations.count()).toBe(count);

      const listInquiries = page
        .locator('.opblock', { has: page.locator('[data-path="/api/admin/inquiries"]') })
        .filter({
          hasText: 'GET',
        });
      await expect
        .poll(() => listInquiries.locator('.opblock-summary-operation-id').textContent())
        .toBe('listInquiries');
      await listInquiries.locator('.authorization__btn').waitFor();
      const listPlans = page.locator('.opblock', { has: page.locator('[data-path="/api/plans"]') });
      await listPlans.locator('.opblock-summary-description').getByText('List the plans on sale').waitFor();
      expect(await listPlans.locator('.authorization__btn').count()).toBe(0);

      await listInquiries.locator('.opblock-summary-control').click();
      // Who may call it: the staff whose role holds the permission it needs.
      await listInquiries.getByText(/Staff with the inquiries\.manage permission \(roles: owner, support\)/).waitFor();
      await screenshot(page, 'api-reference');

      expect(errors).toEqual([]);
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
