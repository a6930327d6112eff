import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render-screen';
import { Header } from './header';

describe('the header', () => {
  it('offers a visitor to sign in with the words the sign-in page and the profile use', async () => {
    renderScreen(<Header />, { language: 'en' });
    expect((await screen.findAllByRole('link', { name: 'Sign in' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
