import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyOnSandbox,
  DESKTOP,
  MOBILE,
  screenshot,
  signUpAndIn,
  startE2eShop,
  withTwoFactorOn,
  type E2eShop,
} from './e2e-shop.js';
import { grantRole } from '../../services/app/src/testing/test-shop.js';

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
/** What the dark theme changes: the contrast of every text with its background (the other rules are the light's). */
const CONTRAST = ['color-contrast'];
/** An operator whose system prefers the dark. */
const NIGHT_OPERATOR_EMAIL = 'a11y-night-operator@premium-share.example';
let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_accessibility', { ADMIN_EMAILS: OPERATOR_EMAIL });
});

afterAll(async () => {
  await e2e?.stop();
});

/** The WCAG A/AA rules axe-core finds broken on the page as it stands (only the rules `rules` when given), one line each. */
async function violations(
  page: Page,
  ready = page.getByRole('heading', { level: 1 }).first(),
  rules?: string[],
): Promise<string[]> {
  await ready.waitFor();
  // Scan the settled screen: a button enabled when its data arrives mid-scan reads as a false failure.
  await page.waitForLoadState('networkidle');
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate<Violation[], { type: 'tag' | 'rule'; values: string[] }>(
    async (runOnly) =>
      // @ts-expect-error axe is the global the injected script defines.
      ((await window.axe.run(document, { runOnly })) as { violations: Violation[] }).violations,
    rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_AA },
  );
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`)
        .join(', ')}`,
  );
}

/**
 * What `violations` finds on each screen in turn, each scanned once its `ready` shows (the first
 * heading without one), by path and `label`; the screens with nothing to fix are left out.
 */
async function violationsOn(
  page: Page,
  screens: ReadonlyArray<readonly [path: string, ready?: (page: Page) => Locator]>,
  label = '',
): Promise<Record<string, string[]>> {
  const report: Record<string, string[]> = {};
  for (const [path, ready] of screens) {
    await page.goto(path);
    const found = await violations(page, ready?.(page));
    if (found.length > 0) report[`${path}${label}`] = found;
  }
  return report;
}

interface Focused {
  what: string;
  kind: 'link' | 'field' | 'button';
  ringed: boolean;
}

/**
 * What has the keyboard's focus, and whether it shows a ring (an outline of 2 px or more). A
 * switch's or a checkbox's input sits in the control that draws the ring; a text field shows its
 * focus by its frame, drawn twice as thick in the brand's colour. Run in the page as a string: the
 * tests are compiled without the browser's types.
 */
const FOCUSED_CONTROL = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const ring = (node) => {
    const style = getComputedStyle(node);
    return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
  };
  const control = element.closest('.MuiButtonBase-root') ?? element;
  const frame = element.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
  const name = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent ?? '';
  return {
    what: element.tagName.toLowerCase() + ' ' + name.trim().slice(0, 40),
    kind: element.tagName === 'A' ? 'link' : ['INPUT', 'TEXTAREA'].includes(element.tagName) ? 'field' : 'button',
    ringed: ring(element) || ring(control) || (frame != null && Number.parseFloat(getComputedStyle(frame).borderTopWidth) >= 2),
  };
})()`;

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  for (const [viewport, label] of [
    [DESKTOP, 'desktop'],
    [MOBILE, '375 px'],
  ] as const) {
    it(`finds nothing to fix on the visitor's pages at ${label}`, async () => {
      const page = await e2e.openPage('/', viewport);
      const screens = VISITOR_PAGES.map((path) => [path] as const);
      expect(await violationsOn(page, screens)).toEqual({});
    });
  }

  it('rings every control reached by keyboard on the shop: links, buttons and fields', async () => {
    const page = await e2e.openPage('/contact');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const unringed: string[] = [];
    const kinds = new Set<string>();
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      // Read once what was focused has settled (a field's label moves up as it takes focus).
      await page.waitForTimeout(250);
      const focused = await page.evaluate<Focused | null>(FOCUSED_CONTROL);
      if (!focused) continue;
      kinds.add(focused.kind);
      if (!focused.ringed) unringed.push(focused.what);
    }
    expect([...kinds].sort()).toEqual(['button', 'field', 'link']);
    expect(unringed).toEqual([]);
  });

  it('reads at AA contrast on the blog with an address typed into the newsletter box, at 375 px', async () => {
    const page = await e2e.openPage('/blog', MOBILE);
    const field = page.getByRole('textbox', { name: /e-mail/i });
    await field.fill('camille@example.com');
    await page.getByRole('heading', { level: 1 }).first().click();
    expect(await violations(page, page.getByRole('heading', { level: 1 }).first(), CONTRAST)).toEqual([]);
    // Its label stays on the field's white, not half over the purple card where it cannot be read.
    const label = await page.locator('label[for="newsletter-email"]').boundingBox();
    const box = await page.locator('#newsletter-email').locator('xpath=..').boundingBox();
    expect(label!.y).toBeGreaterThanOrEqual(box!.y);
  });

  it("finds nothing to fix on a signed-in customer's pages, the credentials page included", async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page);
    const subscriptionId = await buyOnSandbox(page);
    const screens = [...CUSTOMER_PAGES, `/product-access/${subscriptionId}`].map((path) => [path] as const);
    expect(await violationsOn(page, screens)).toEqual({});
  });

  it("finds nothing to fix on the operator's back-office screens", async () => {
    const page = await e2e.openPage('/auth');
    await signUpAndIn(page, 'Camille Opérations', 'jardin-secret', OPERATOR_EMAIL);
    await withTwoFactorOn(e2e, { email: OPERATOR_EMAIL, password: 'jardin-secret' }, page);
    const operatorId = ((await (await page.request.get('/api/me')).json()) as { id: string }).id;
    // A subscription of their own, so its page (with its history and "État au…") has something to show.
    const subscriptionId = await buyOnSandbox(page);
    const history = (p: Page) => p.getByRole('region', { name: 'Historique' }).getByTestId('history-entry').first();
    const screens: Array<[string, (page: Page) => Locator]> = [
      ['/admin', (p) => p.getByRole('region', { name: 'Indicateurs financiers' })],
      ['/admin/inquiries', (p) => p.getByRole('heading', { name: 'Demandes' })],
      // "All" shows three lists; the one with the operator (a paid subscription) has a table.
      ['/admin/users', (p) => p.getByRole('region', { name: /^Avec abonnement/ }).getByRole('table')],
      ['/admin/subscriptions', (p) => p.getByRole('region', { name: 'Abonnements en chiffres' })],
      // No credentials are stored here: the list settles on its empty page, whose link creates the first set.
      ['/admin/credentials', (p) => p.getByText('Enregistrez les premiers identifiants d’un plan.')],
      ['/admin/credentials/create', (p) => p.getByRole('heading', { name: 'Nouveaux identifiants' })],
      [`/admin/users/${operatorId}/show`, history],
      [`/admin/subscriptions/${subscriptionId}/show`, history],
      [`/admin/users/${operatorId}`, (p) => p.getByLabel('Nom complet')],
      ['/admin/users/create', (p) => p.getByRole('heading', { name: 'Nouvel utilisateur' })],
      ['/admin/promo-codes', (p) => p.getByRole('table').getByText('BIENVENUE10')],
      ['/admin/promo-codes/create', (p) => p.getByRole('heading', { name: 'Nouveau code promo' })],
      ['/admin/promo-codes/BIENVENUE10', (p) => p.getByLabel('Réduction (%)')],
      ['/admin/plans', (p) => p.getByRole('table').getByText('Netflix')],
      ['/admin/plans/netflix', (p) => p.getByLabel('Avantages en français')],
      ['/admin/sync', (p) => p.getByRole('button', { name: 'Synchroniser les paiements' })],
      ['/admin/free-offer', (p) => p.getByLabel('Nombre de places')],
    ];
    const report = await violationsOn(page, screens);
    // The users screens at 375 px too: a compact list instead of the table.
    await page.setViewportSize(MOBILE);
    const compact = await violationsOn(
      page,
      [
        ['/admin/users', (p: Page) => p.getByRole('region', { name: 'Répartition des utilisateurs' })],
        [`/admin/users/${operatorId}/show`, history],
        [`/admin/subscriptions/${subscriptionId}/show`, history],
        ['/admin/promo-codes', (p: Page) => p.getByText('BIENVENUE10')],
        ['/admin/plans', (p: Page) => p.getByText('Netflix')],
      ],
      ' at 375 px',
    );
    expect({ ...report, ...compact }).toEqual({});
  });

  it("reads at AA contrast on the back-office in the dark, the system's preference, until its toggle chooses the light", async () => {
    const page = await e2e.openPage('/auth');
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUpAndIn(page, 'Dominique Veilleur', 'jardin-secret', NIGHT_OPERATOR_EMAIL);
    // A second owner: ADMIN_EMAILS makes only a new shop's first, the others are granted the role.
    await grantRole(
      e2e.shop,
      await withTwoFactorOn(e2e, { email: NIGHT_OPERATOR_EMAIL, password: 'jardin-secret' }, page),
      'owner',
    );
    await buyOnSandbox(page);
    const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    const screens: Array<[string, string, (page: Page) => Locator]> = [
      ['dashboard', '/admin', (p) => p.getByRole('region', { name: 'Indicateurs financiers' })],
      ['subscriptions', '/admin/subscriptions', (p) => p.getByRole('region', { name: 'Abonnements en chiffres' })],
      ['users', '/admin/users', (p) => p.getByRole('region', { name: /^Avec abonnement/ }).getByRole('table')],
      ['inquiries', '/admin/inquiries', (p) => p.getByRole('heading', { name: 'Demandes' })],
      ['plans', '/admin/plans', (p) => p.getByRole('table').getByText('Netflix')],
      ['plan', '/admin/plans/netflix', (p) => p.getByLabel('Avantages en français')],
    ];
    const report: Record<string, string[]> = {};
    for (const [name, path, ready] of screens) {
      await page.goto(path);
      const found = await violations(page, ready(page), CONTRAST);
      await screenshot(page, `back-office-dark-${name}-desktop`);
      if (found.length > 0) report[path] = found;
    }
    await page.setViewportSize(MOBILE);
    await page.goto('/admin/subscriptions');
    const found = await violations(page, page.getByRole('region', { name: 'Abonnements en chiffres' }), CONTRAST);
    await screenshot(page, 'back-office-dark-subscriptions-375');
    if (found.length > 0) report['/admin/subscriptions at 375 px'] = found;
    expect(report).toEqual({});
    // The dark is the system's: #313131 behind the pages, react-admin's dark background.
    expect(await background()).toBe('rgb(49, 49, 49)');

    // The toggle chooses the light, and the choice outlasts a reload.
    await page.getByRole('button', { name: 'Thème clair/sombre' }).click();
    await expect.poll(background).toBe('rgb(250, 250, 251)');
    await page.reload();
    await page.getByRole('region', { name: 'Abonnements en chiffres' }).waitFor();
    expect(await background()).toBe('rgb(250, 250, 251)');
    // Seven screens scanned after a purchase: longer than one screen's test.
  }, 120_000);
});
