import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyOnSandbox, DESKTOP, MOBILE, signUpAndIn, startE2eShop, type E2eShop } from './e2e-shop.js';

// Evaluated through the browser's debugging protocol: the shop's Content-Security-Policy forbids injected scripts.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 levels A and AA: labels, names, contrast, landmarks, language. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const VISITOR_PAGES = [
  '/',
  '/subscriptions',
  '/subscription/netflix',
  '/auth',
  '/checkout/netflix',
  '/payment-cancelled',
  '/support',
  '/contact',
  '/help',
  '/affiliate',
  '/blog',
  '/suggest-service',
  '/become-partner',
  '/about',
  '/story',
  '/terms',
  '/cookies',
  '/no-such-page',
];
const CUSTOMER_PAGES = ['/profile', '/notifications', '/security', '/checkout/netflix'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
}

const OPERATOR_EMAIL = 'a11y-operator@premium-share.example';
let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_accessibility', { ADMIN_EMAILS: OPERATOR_EMAIL });
});

afterAll(async () => {
  await e2e?.stop();
});

/** The WCAG A/AA rules axe-core finds broken on the page as it stands, one line each. */
async function violations(page: Page, ready = page.getByRole('heading', { level: 1 }).first()): Promise<string[]> {
  await ready.waitFor();
  // Scan the settled screen: a button enabled when its data arrives mid-scan reads as a false failure.
  await page.waitForLoadState('networkidle');
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate<Violation[], string[]>(
    async (tags) =>
      // @ts-expect-error axe is the global the injected script defines.
      ((await window.axe.run(document, { runOnly: { type: 'tag', values: tags } })) as { violations: Violation[] })
        .violations,
    WCAG_AA,
  );
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`)
        .join(', ')}`,
  );
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  for (const [viewport, label] of [
    [DESKTOP, 'desktop'],
    [MOBILE, '375 px'],
  ] as const) {
    it(`finds nothing to fix on the visitor's pages at ${label}`, async () => {
      const page = await e2e.openPage('/', viewport);
      const report: Record<string, string[]> = {};
      for (const path of VISITOR_PAGES) {
        await page.goto(path);
        const found = await violations(page);
        if (found.length > 0) report[path] = found;
      }
      expect(report).toEqual({});
    });
  }

  it("finds nothing to fix on a signed-in customer's pages, the credentials page included", async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    const subscriptionId = await buyOnSandbox(page);
    const report: Record<string, string[]> = {};
    for (const path of [...CUSTOMER_PAGES, `/product-access/${subscriptionId}`]) {
      await page.goto(path);
      const found = await violations(page);
      if (found.length > 0) report[path] = found;
    }
    expect(report).toEqual({});
  });

  it("finds nothing to fix on the operator's back-office screens", async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page, 'Camille Opérations', 'jardin-secret', OPERATOR_EMAIL);
    const screens: Array<[string, (page: Page) => Locator]> = [
      ['/admin/inquiries', (p) => p.getByRole('heading', { name: 'Demandes' })],
      ['/admin/users', (p) => p.getByRole('table')],
      ['/admin/subscriptions', (p) => p.getByRole('heading', { name: 'Abonnements' })],
      ['/admin/credentials', (p) => p.getByRole('heading', { name: 'Identifiants' })],
      ['/admin/credentials/create', (p) => p.getByRole('heading', { name: 'Nouveaux identifiants' })],
    ];
    const report: Record<string, string[]> = {};
    for (const [path, ready] of screens) {
      await page.goto(path);
      const found = await violations(page, ready(page));
      if (found.length > 0) report[path] = found;
    }
    expect(report).toEqual({});
  });
});
