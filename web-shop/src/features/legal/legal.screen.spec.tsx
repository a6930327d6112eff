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
});
