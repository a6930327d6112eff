import type { MailPreview, MailPreviewList } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockedApi } from '../../../web-shop/src/testing/fetch-mock';
import { json, problem, renderPage, type Routes } from '../testing/render-resource';
import { LazyMailPreviewsPage } from '.';

const KINDS = ['order_received', 'renewal_reminder', 'suspended'];

const previewOf = (kind: string, language: 'fr' | 'en'): MailPreview => ({
  kind,
  language,
  subject: `${kind} (${language})`,
  html: `<!doctype html><html lang="${language}"><body><h1>${kind} ${language}</h1></body></html>`,
  text: `Texte ${kind} ${language}\n\nPremiumShare`,
});

function showPage(options: { locale?: 'fr' | 'en'; failing?: boolean } = {}) {
  const api: Routes = {
    'GET /api/admin/mail-previews': () =>
      options.failing
        ? problem(500, 'internal')
        : json<MailPreviewList>({ data: KINDS.map((kind) => ({ kind, languages: ['fr', 'en'] })) }),
    'GET /api/admin/mail-previews/:kind': ({ params, query }) =>
      json(previewOf(params.kind!, query.get('language') === 'en' ? 'en' : 'fr')),
  };
  return renderPage(<LazyMailPreviewsPage />, { api, locale: options.locale });
}

/** The languages the previews were asked in, in order. */
const languagesAsked = (api: MockedApi) =>
  api.calls
    .filter((call) => call.path.startsWith('/api/admin/mail-previews/'))
    .map((call) => call.query.get('language'));

const frame = () => screen.findByTitle<HTMLIFrameElement>(/Version HTML|HTML version/);

describe('the preview of the subscription e-mails', () => {
  it('lists the e-mails and shows the first in French: its HTML in a sandboxed frame, then its text', async () => {
    const { api } = showPage();

    const list = await screen.findByRole('navigation', { name: 'E-mails' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Commande reçue', 'Rappel de renouvellement (7 jours et 1 jour avant)', 'Abonnement suspendu']);
    const html = await frame();
    expect(html.getAttribute('sandbox')).toBe('');
    expect(html.getAttribute('srcdoc')).toContain('<h1>order_received fr</h1>');
    expect(screen.getByText('Objet : order_received (fr)')).toBeVisible();
    expect(screen.getByLabelText('Version texte')).toHaveTextContent('Texte order_received fr');
    expect(languagesAsked(api)).toEqual(['fr']);
  });

  it('shows another e-mail, then the same in English, on a click', async () => {
    const { api, user } = showPage();

    await user.click(await screen.findByRole('button', { name: 'Abonnement suspendu' }));
    await waitFor(async () => expect((await frame()).getAttribute('srcdoc')).toContain('<h1>suspended fr</h1>'));
    await user.click(screen.getByRole('button', { name: 'Anglais' }));
    await waitFor(async () => expect((await frame()).getAttribute('srcdoc')).toContain('<h1>suspended en</h1>'));
    expect(screen.getByText('Objet : suspended (en)')).toBeVisible();
    expect(screen.getByLabelText('Version texte')).toHaveTextContent('Texte suspended en');
    expect(languagesAsked(api).at(-1)).toBe('en');
  });

  it('speaks English to an English-speaking operator, and starts with the English e-mail', async () => {
    showPage({ locale: 'en' });

    const list = await screen.findByRole('navigation', { name: 'E-mails' });
    expect(within(list).getByRole('button', { name: 'Renewal reminder (7 days and 1 day before)' })).toBeVisible();
    await waitFor(async () => expect((await frame()).getAttribute('srcdoc')).toContain('<h1>order_received en</h1>'));
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when the list cannot be read', async () => {
    showPage({ failing: true });
    expect(await screen.findByRole('alert')).toBeVisible();
  });
});
