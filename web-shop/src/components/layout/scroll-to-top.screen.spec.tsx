import { screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render-screen';
import { ScrollToTop } from './scroll-to-top';

function Page() {
  return (
    <>
      <ScrollToTop />
      <Link to="/other">other page</Link>
    </>
  );
}

describe('scrolling to the top', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the page where the visitor is when it arrives (scrolled before the script took it over), and goes to the top on moving to another page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderScreen(<Page />, { path: '*', url: '/' });
    await screen.findByRole('link', { name: 'other page' });
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'other page' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
