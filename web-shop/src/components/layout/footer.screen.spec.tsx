import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render-screen';
import { Footer } from './footer';

describe('the footer', () => {
  it('dates its copyright to the current year, in French and in English', async () => {
    const year = new Date().getFullYear();
    const { unmount } = renderScreen(<Footer />);
    expect(await screen.findByText(`© ${year} PremiumShare. Tous droits réservés.`)).toBeVisible();
    unmount();

    renderScreen(<Footer />, { language: 'en' });
    expect(await screen.findByText(`© ${year} PremiumShare. All rights reserved.`)).toBeVisible();
  });
});
