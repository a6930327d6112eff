import { type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, screenshot, startE2eShop, type E2eShop } from './e2e-shop.js';

let e2e: E2eShop;

beforeAll(async () => {
  e2e = await startE2eShop('e2e_shop');
});

afterAll(async () => {
  await e2e?.stop();
});

const openPage = (path: string, viewport?: { width: number; height: number }) => e2e.openPage(path, viewport);

/** The language the shop reflects on `<html lang>`. */
const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** Text with the narrow no-break spaces of French prices made plain. */
const plainText = async (locator: Locator) => (await locator.textContent())?.replace(/\s/g, ' ');

const planCards = (page: Page) => page.getByRole('main').getByRole('article');

async function plansShown(page: Page, count: number): Promise<void> {
  await planCards(page).first().waitFor();
  await expect.poll(() => planCards(page).count()).toBe(count);
}

async function switchLanguage(page: Page, from: 'Langue' | 'Language', to: 'English' | 'Français'): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('group', { name: from }).getByRole('button', { name: to });
  await toggle.click();
  await expect.poll(() => htmlLang(page)).toBe(to === 'English' ? 'en' : 'fr');
}

describe('the shop in a browser', () => {
  it('shows the five plans in French by default, Netflix at 4,53 € with the POPULAIRE badge', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    expect(await htmlLang(page)).toBe('fr');
    const netflix = page.getByRole('article', { name: 'Netflix' });
    await netflix.getByText('4,53 €').waitFor();
    await netflix.getByText('POPULAIRE').waitFor();
    await netflix.getByText('Qualité Ultra HD 4K').waitFor();
    await page.getByRole('heading', { name: 'Nos offres' }).waitFor();
    await screenshot(page, 'home-fr');
  });

  it('switches to English with the header toggle, and remembers it after a reload', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await switchLanguage(page, 'Langue', 'English');
    const netflix = page.getByRole('article', { name: 'Netflix' });
    await netflix.getByText('€4.53').waitFor();
    await netflix.getByText('POPULAR', { exact: true }).waitFor();
    // The features come from the API in the new language.
    await netflix.getByText('Ultra HD 4K quality').waitFor();
    await page.getByRole('heading', { name: 'Our plans' }).waitFor();
    await screenshot(page, 'home-en');

    await page.reload();
    await plansShown(page, 5);
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('article', { name: 'Netflix' }).getByText('€4.53').waitFor();
    await page.getByRole('article', { name: 'Netflix' }).getByText('Ultra HD 4K quality').waitFor();
    await screenshot(page, 'home-en-after-reload');
  });

  it('filters by category: Musique / Music leaves only Spotify', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name: 'Musique' }).click();
    await plansShown(page, 1);
    await page.getByRole('article', { name: 'Spotify Premium' }).waitFor();
    expect(new URL(page.url()).searchParams.get('category')).toBe('Music');
    await screenshot(page, 'filter-music-fr');

    await switchLanguage(page, 'Langue', 'English');
    const music = page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Music' });
    expect(await music.getAttribute('aria-pressed')).toBe('true');
    await plansShown(page, 1);
    await page.getByRole('article', { name: 'Spotify Premium' }).getByText('Over 70 million tracks').waitFor();
  });

  it("leads from a plan's 'Voir plus de détails' to /subscription/netflix", async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await page.getByRole('link', { name: 'Voir plus de détails sur Netflix' }).click();
    await page.waitForURL('**/subscription/netflix');
    await page.getByRole('heading', { level: 1, name: 'Netflix' }).waitFor();
    await page.getByRole('heading', { name: 'Ce qui est inclus' }).waitFor();
    // The price of a month, and the total of one month among the durations.
    await expect.poll(() => page.getByRole('main').getByText('4,53 €').count()).toBe(2);
    await page.getByRole('link', { name: 'Acheter maintenant' }).waitFor();
    await screenshot(page, 'subscription-netflix');
  });

  it('names the tab after each page reached in the shop, in the language shown', async () => {
    const page = await openPage('/help');
    const title = (expected: RegExp) => expect.poll(() => page.title()).toMatch(expected);
    await title(/^Centre d'aide · PremiumShare$/);
    await page.getByRole('banner').getByRole('link', { name: 'Abonnements' }).click();
    await title(/^Tous nos abonnements · PremiumShare$/);
    await plansShown(page, 5);
    await page.getByRole('link', { name: 'Voir plus de détails sur Netflix' }).click();
    await title(/^Netflix partagé à 4,53\s€\/mois · PremiumShare$/);
    await page.getByRole('banner').getByRole('link', { name: 'Accueil', exact: true }).click();
    await title(/^Vos abonnements premium, jusqu'à 70% moins cher · PremiumShare$/);
    await switchLanguage(page, 'Langue', 'English');
    await title(/^Your premium subscriptions, up to 70% cheaper · PremiumShare$/);
    await page.goto('/en/auth');
    await title(/^Sign in · PremiumShare$/);
    await page.goto('/en/no-such-page');
    await title(/^Page not found · PremiumShare$/);
  });

  it('says on /subscription/:id how many share the account, from the plan, and the rules of respectful use', async () => {
    const published = (await (await fetch(`${e2e.shop.url}/api/plans/spotify`)).json()) as { sharedUsers: number };
    expect(published.sharedUsers).toBe(6);

    const page = await openPage('/subscription/spotify');
    const sharing = page.getByRole('region', { name: "Partage et règles d'utilisation" });
    await sharing.getByText('6 utilisateurs partagent ce compte').waitFor();
    const rules = sharing.getByRole('list', { name: "Règles d'une utilisation respectueuse" });
    await expect.poll(() => rules.getByRole('listitem').count()).toBe(4);
    await rules.getByText("Utilisez uniquement le profil ou l'emplacement qui vous est attribué.").waitFor();
    await rules.getByText('Ne communiquez pas les identifiants à des tiers et ne les revendez pas.').waitFor();
    await screenshot(page, 'subscription-spotify-sharing-fr');

    await switchLanguage(page, 'Langue', 'English');
    const shared = page.getByRole('region', { name: 'Sharing and rules of use' });
    await shared.getByText('6 users share this account').waitFor();
    const englishRules = shared.getByRole('list', { name: 'Rules of respectful use' });
    await expect.poll(() => englishRules.getByRole('listitem').count()).toBe(4);
    await englishRules.getByText('Use only the profile or slot assigned to you.').waitFor();
    await screenshot(page, 'subscription-spotify-sharing-en');

    // Netflix is shared by fewer: the count follows the plan, not a fixed text.
    await page.goto('/en/subscription/netflix');
    await page
      .getByRole('region', { name: 'Sharing and rules of use' })
      .getByText('4 users share this account')
      .waitFor();
  });

  it('shows the 404 page on an unknown path, whose back-home button works', async () => {
    const page = await openPage('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await plansShown(page, 5);
  });

  it('opens the mobile menu drawer at 375 px', async () => {
    const page = await openPage('/', MOBILE);
    await plansShown(page, 5);
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    const closeButton = page.getByRole('button', { name: 'Fermer le menu' });
    await closeButton.waitFor();
    // The drawer slides in from the right: wait until it has stopped, whole, inside the 375 px viewport.
    let lastX: number | undefined;
    await expect
      .poll(async () => {
        const box = await closeButton.boundingBox();
        const settled = box !== null && box.x === lastX && box.x >= 0 && box.x + box.width <= MOBILE.width;
        lastX = box?.x;
        return settled;
      })
      .toBe(true);
    const drawerNav = page.getByRole('navigation', { name: 'Navigation principale' });
    await drawerNav.getByRole('link', { name: 'Abonnements' }).waitFor();
    await page.getByRole('group', { name: 'Langue' }).waitFor();
    // The drawer is fixed to the viewport: a full-page capture would bury it at the top of a long image.
    await screenshot(page, 'mobile-menu', false);
    await drawerNav.getByRole('link', { name: 'Abonnements' }).click();
    await page.waitForURL('**/subscriptions');
    await closeButton.waitFor({ state: 'detached' });
  });

  it("shows 'Subscription not found' for /subscription/unknown", async () => {
    const page = await openPage('/subscription/unknown');
    await page.getByRole('heading', { level: 1, name: 'Subscription not found' }).waitFor();
    await page.getByText("Cette offre n'existe pas ou n'est plus proposée.").waitFor();
    await screenshot(page, 'subscription-not-found');
  });

  it('shows the plans as a looping carousel at 375 px: arrows, dots, keys and swipes', async () => {
    const page = await openPage('/', MOBILE);
    await plansShown(page, 5);
    const carousel = page.getByRole('region', { name: 'Offres une par une' });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carrousel');
    const slide = (position: number) => carousel.getByRole('group', { name: `${position} sur 5` });
    const dot = (position: number) => carousel.getByRole('button', { name: `Afficher l'offre ${position} sur 5` });
    /** The slide on screen is the one that is not inert, and its dot says so. */
    const shown = async (position: number) => {
      await expect.poll(() => slide(position).evaluate((element) => element.hasAttribute('inert'))).toBe(false);
      expect(await dot(position).getAttribute('aria-current')).toBe('true');
      const box = await slide(position).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    };
    expect(await carousel.getByRole('group', { name: / sur 5$/ }).count()).toBe(5);
    expect(await carousel.getByRole('button', { name: /^Afficher l'offre/ }).count()).toBe(5);
    await shown(1);
    expect(await slide(2).evaluate((element) => element.hasAttribute('inert'))).toBe(true);
    await carousel.scrollIntoViewIfNeeded();
    await screenshot(page, 'carousel-mobile', false);

    await carousel.getByRole('button', { name: 'Offre suivante' }).click();
    await shown(2);
    await dot(5).click();
    await shown(5);
    await carousel.getByRole('button', { name: 'Offre suivante' }).click();
    await shown(1);
    await carousel.getByRole('button', { name: 'Offre précédente' }).click();
    await shown(5);

    // The arrow keys page while focus is on the controls.
    await dot(5).focus();
    await page.keyboard.press('ArrowRight');
    await shown(1);
    await page.keyboard.press('ArrowLeft');
    await shown(5);

    // A swipe to the left shows the next plan (here, round to the first).
    await slide(5).evaluate((element) => {
      // The browser's own constructors (this test's TypeScript has no DOM library).
      const dom = globalThis as unknown as {
        Touch: new (init: object) => object;
        TouchEvent: new (type: string, init: object) => Event;
      };
      const touch = (x: number) => new dom.Touch({ identifier: 1, target: element, clientX: x, clientY: 200 });
      const start = touch(300);
      const end = touch(120);
      element.dispatchEvent(
        new dom.TouchEvent('touchstart', { bubbles: true, touches: [start], changedTouches: [start] }),
      );
      element.dispatchEvent(new dom.TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [end] }));
    });
    await shown(1);
    await screenshot(page, 'home-mobile');
  });

  it('lays the plans out in 5, 3 and 2 columns as the desktop narrows', async () => {
    for (const [width, columns] of [
      [DESKTOP.width, 5],
      [1100, 3],
      [800, 2],
    ] as const) {
      const page = await openPage('/', { width, height: 900 });
      await plansShown(page, 5);
      expect(await page.getByRole('region', { name: 'Offres une par une' }).count()).toBe(0);
      const tops = await planCards(page).evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
      expect({ width, firstRow: tops.filter((top) => top === tops[0]).length }).toEqual({ width, firstRow: columns });
    }
  });

  it('opens the purchase dialog from a card: 3 months totals 13,59 € and continues to the checkout', async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await page.getByRole('button', { name: 'Acheter maintenant : Netflix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acheter Netflix' });
    await dialog.waitFor();
    await dialog.getByText('4,53 €').first().waitFor();
    const total = dialog.getByTestId('purchase-total');
    expect(await plainText(total)).toBe('4,53 €');
    await dialog.getByRole('radio', { name: /3 mois/ }).check();
    await expect.poll(() => plainText(total)).toBe('13,59 €');
    await dialog.getByText('Total pour 3 mois').waitFor();
    await dialog.getByText('POPULAIRE').waitFor();
    await screenshot(page, 'purchase-dialog', false);
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/netflix' && url.searchParams.get('months') === '3');

    const mobile = await openPage('/subscriptions', MOBILE);
    await plansShown(mobile, 5);
    await mobile.getByRole('button', { name: 'Acheter maintenant : Netflix' }).click();
    await mobile
      .getByRole('dialog', { name: 'Acheter Netflix' })
      .getByRole('radio', { name: /12 mois/ })
      .check();
    await expect.poll(() => plainText(mobile.getByTestId('purchase-total'))).toBe('54,36 €');
    await screenshot(mobile, 'purchase-dialog-mobile', false);
    await mobile.getByRole('button', { name: 'Annuler' }).click();
    await mobile.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('pages through the six testimonials, 3 at a time on desktop and 1 on mobile', async () => {
    const page = await openPage('/');
    const section = page.getByRole('region', { name: 'Ce que disent nos clients' });
    const quotes = section.getByRole('listitem');
    await section.getByText('Sophie Martin').waitFor();
    expect(await quotes.count()).toBe(3);
    expect(await section.getByText('Achat vérifié').count()).toBe(3);
    expect(await section.getByRole('img', { name: 'Note : 5 sur 5' }).count()).toBe(3);
    expect(await section.getByRole('button', { name: /^Afficher la page d'avis/ }).count()).toBe(2);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'testimonials', false);
    await section.getByRole('button', { name: 'Avis suivants' }).click();
    await section.getByText('Thomas Leroy').waitFor();
    expect(await section.getByText('Sophie Martin').count()).toBe(0);
    await section.getByRole('button', { name: 'Avis suivants' }).click();
    await section.getByText('Sophie Martin').waitFor();

    const mobile = await openPage('/', MOBILE);
    const mobileSection = mobile.getByRole('region', { name: 'Ce que disent nos clients' });
    await mobileSection.getByText('Sophie Martin').waitFor();
    expect(await mobileSection.getByRole('listitem').count()).toBe(1);
    expect(await mobileSection.getByRole('button', { name: /^Afficher la page d'avis/ }).count()).toBe(6);
    await mobileSection.getByRole('button', { name: 'Avis précédents' }).click();
    await mobileSection.getByText('Julien Moreau').waitFor();
    await mobileSection.scrollIntoViewIfNeeded();
    await screenshot(mobile, 'testimonials-mobile', false);
  });

  it('shows the hero figures, the services count from the API, and the six features', async () => {
    const page = await openPage('/');
    const figures = page.getByRole('region', { name: "Vos abonnements premium, jusqu'à 70% moins cher" });
    await figures.getByText('10K+').waitFor();
    await figures.getByText('98%').waitFor();
    await figures.getByText('24/7').waitFor();
    // Five plans are on sale in this shop.
    await expect.poll(() => figures.getByText('Services disponibles').locator('xpath=..').textContent()).toContain('5');
    const features = page.getByRole('region', { name: 'Pourquoi choisir PremiumShare ?' });
    for (const title of [
      'Livraison instantanée',
      'Gestion simplifiée',
      'Sécurité maximale',
      'Support premium',
      'Prix compétitifs',
      'Garantie qualité',
    ])
      await features.getByRole('heading', { name: title }).waitFor();
  });

  it('shows the splash once per browser session when motion is welcome', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport, reducedMotion: 'no-preference' });
      try {
        const page = await context.newPage();
        await page.goto('/');
        const splash = page.getByTestId('splash');
        const bar = splash.getByRole('progressbar', { name: 'Chargement...' });
        await bar.waitFor();
        // 'Prêt !' at 100 % lasts only 500 ms: watch for it inside the page, on every DOM change,
        // so a slow screenshot cannot make the test miss it.
        const ready = page.evaluate<boolean>(`new Promise((resolve) => {
          const seen = () => {
            const bar = document.querySelector('[data-testid="splash"] [role="progressbar"]');
            if (bar?.getAttribute('aria-label') !== 'Prêt !') return;
            observer.disconnect();
            resolve(bar.getAttribute('aria-valuenow') === '100');
          };
          const observer = new MutationObserver(seen);
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          seen();
        })`);
        await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(20);
        await screenshot(page, viewport === MOBILE ? 'splash-mobile' : 'splash', false);
        expect(await ready).toBe(true);
        await splash.waitFor({ state: 'detached', timeout: 2_000 });
        await plansShown(page, 5);
        // Once per session: a reload goes straight to the shop.
        await page.reload();
        await plansShown(page, 5);
        expect(await page.getByTestId('splash').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it("says 'Erreur de navigation' in a toast when a screen cannot be loaded, and keeps the header", async () => {
    const page = await openPage('/');
    await plansShown(page, 5);
    await page.route(/\/assets\/subscriptions-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('banner').getByRole('link', { name: 'Abonnements' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Erreur de navigation' });
    await toast.getByText('Impossible de naviguer vers cette page').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Erreur de navigation' }).waitFor();
    await screenshot(page, 'navigation-error', false);
    // The header still leads elsewhere.
    await page.getByRole('banner').getByRole('link', { name: 'Accueil', exact: true }).click();
    await plansShown(page, 5);
  });

  it('captures the screens at 1440 and 375 px', async () => {
    for (const [path, name, ready] of [
      ['/subscriptions', 'subscriptions', 'Tous nos abonnements'],
      ['/subscription/netflix', 'subscription-netflix', 'Netflix'],
      ['/no-such-page', 'not-found', 'Page introuvable'],
    ] as const) {
      for (const viewport of [DESKTOP, MOBILE]) {
        const page = await openPage(path, viewport);
        await page.getByRole('heading', { level: 1, name: ready }).waitFor();
        if (path === '/subscriptions') await plansShown(page, 5);
        await screenshot(page, viewport === MOBILE ? `${name}-mobile` : `${name}-desktop`);
      }
    }
    const home = await openPage('/');
    await plansShown(home, 5);
    await home.getByText('Sophie Martin').waitFor();
    await screenshot(home, 'home-desktop');
  });
});
