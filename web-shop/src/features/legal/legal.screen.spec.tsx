import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LegalRoute from '../../app/routes/legal';
import { renderScreen } from '../../testing/render-screen';

describe('the legal pages (/terms, /privacy, /cookies …)', () => {
  it('shows the terms with their table of contents, in French', () => {
    renderScreen(<LegalRoute />, { path: '/:page', url: '/terms' });

    expect(screen.getByRole('heading', { level: 1, name: 'Conditions générales de vente' })).toBeVisible();
    const contents = screen.getByRole('navigation', { name: 'Sommaire' });
    expect(within(contents).getByRole('link', { name: '1. Objet' })).toHaveAttribute('href', '#terms-section-1');
    expect(screen.getByRole('region', { name: '1. Objet' })).toBeVisible();
  });

  it('goes from one text to another through the list of the others', async () => {
    const { user, location } = renderScreen(<LegalRoute />, { path: '/:page', url: '/terms' });

    const others = screen.getByRole('navigation', { name: 'Autres documents légaux' });
    expect(within(others).queryByRole('link', { name: 'Conditions générales de vente' })).not.toBeInTheDocument();
    await user.click(within(others).getByRole('link', { name: 'Cookies' }));

    expect(location()).toBe('/cookies');
    expect(screen.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Sommaire' })).not.toBeInTheDocument();
  });

  it('says in the terms what automatic renewal does', () => {
    renderScreen(<LegalRoute />, { path: '/:page', url: '/terms' });
    const payment = screen.getByRole('region', { name: '5. Prix et paiement' });
    expect(within(payment).getByText(/^Le renouvellement automatique est facultatif/)).toHaveTextContent(
      /débité 3\sjours avant l'échéance pour la même durée, au prix en vigueur.*tenté de nouveau 1\sjour puis 3\sjours plus tard/,
    );
    expect(within(payment).queryByText(/il n'y a ni renouvellement ni prélèvement automatique/)).toBeNull();
  });

  it('says in the English terms that automatic renewal is optional', () => {
    renderScreen(<LegalRoute />, { path: '/:page', url: '/terms', language: 'en' });
    const payment = screen.getByRole('region', { name: '5. Prices and payment' });
    expect(within(payment).getByText(/^Automatic renewal is optional/)).toHaveTextContent(
      /charged 3 days before the expiry date for the same duration, at the price in force at that time/,
    );
  });
});
