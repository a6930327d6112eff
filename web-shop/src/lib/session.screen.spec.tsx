import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { problem, renderScreen } from '../testing/render-screen';
import { useSession } from './session';

/** A part of a page that reads the session, as the header, a banner or a screen does. */
function Reader({ name }: { name: string }) {
  const { session } = useSession();
  return <p>{`${name}: ${session.status}`}</p>;
}

/** A page whose parts come and go, as screens do when the visitor moves through the shop. */
function Page() {
  const { reload } = useSession();
  const [more, setMore] = useState(false);
  return (
    <>
      <Reader name="header" />
      <button type="button" onClick={() => setMore(true)}>
        more
      </button>
      <button type="button" onClick={() => void reload()}>
        reload
      </button>
      {more && (
        <>
          <Reader name="banner" />
          <Reader name="screen" />
        </>
      )}
    </>
  );
}

describe('the session', () => {
  it('is not asked of the API by a visitor whose browser holds no session: signed out at once', async () => {
    const { api } = renderScreen(<Page />);
    expect(await screen.findByText('header: signedOut')).toBeVisible();
    // Long enough for a request to have been sent, were one to be.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /api/me')).toHaveLength(0);
  });

  it('is asked once per page load, however many parts read it or come later, and again on reload', async () => {
    // A session the API has ended since (401): the browser still holds its cookies.
    const { api, user } = renderScreen(<Page />, {
      sessionCookie: true,
      api: { 'POST /api/auth/refresh': () => problem(401, 'auth.invalid_refresh_token') },
    });
    await screen.findByText('header: signedOut');

    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(screen.getByText('banner: signedOut')).toBeVisible();
    expect(screen.getByText('screen: signedOut')).toBeVisible();
    // Long enough for a second request to have been sent, were one to be.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /api/me')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'reload' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /api/me')).toHaveLength(2);
  });
});
