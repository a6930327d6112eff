import type { CreatedAccount, Profile, SignedInSession, SignInProviders } from '@shop/contracts';
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import AuthRoute from '../../app/routes/auth';
import { FormDrafts, FormDraftsContext } from '../../lib/form-drafts';
import { aCustomer } from '../../testing/fixtures';
import { holdSessionCookie, json, problem, renderScreen } from '../../testing/render-screen';
import type { Routes } from '../../testing/fetch-mock';

const session: SignedInSession = {
  accessToken: 'access',
  tokenType: 'Bearer',
  expiresIn: 900,
  refreshToken: 'refresh',
  user: { id: 'user-1', roles: ['customer'] },
};

/** The API of a visitor who is signed out until `POST /api/auth/sign-in` succeeds. */
function authApi(signIn: Routes[string]): Routes {
  let signedIn = false;
  return {
    'GET /api/auth/providers': () => json<SignInProviders>({ data: [] }),
    'GET /api/me': () => (signedIn ? json<Profile>(aCustomer()) : problem(401, 'auth.required')),
    'POST /api/auth/sign-in': async (call) => {
      const reply = await signIn(call);
      signedIn = reply.status === 200;
      // The API sets the session's cookies with its answer.
      if (signedIn) holdSessionCookie();
      return reply;
    },
  };
}

const signInScreen = (api: Routes) =>
  renderScreen(<AuthRoute />, { path: '/auth', url: '/auth?redirect=%2Fprofile', api });

describe('signing in (/auth)', () => {
  it('says in French what is missing before asking the API', async () => {
    const { user, api } = signInScreen(authApi(() => json(session)));

    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText("L'email est requis")).toBeVisible();
    expect(screen.getByText('Le mot de passe est requis')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Adresse email invalide')).toBeVisible();
    expect(api.callsTo('POST /api/auth/sign-in')).toHaveLength(0);
  });

  it('signs in with what was typed and goes where the visitor came from', async () => {
    const { user, api, location } = signInScreen(authApi(() => json(session)));

    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), ' camille@example.com ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await expect.poll(location).toBe('/profile');
    expect(api.callsTo('POST /api/auth/sign-in')[0]?.body).toEqual({
      email: 'camille@example.com',
      password: 'correct horse',
    });
  });

  it('says the e-mail or the password is wrong', async () => {
    const { user, location } = signInScreen(authApi(() => problem(401, 'auth.invalid_credentials')));

    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'camille@example.com');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect');
    expect(location()).toBe('/auth?redirect=%2Fprofile');
  });

  it('asks for the second factor, then sends it with the password', async () => {
    const { user, api, location } = signInScreen(
      authApi(({ body }) =>
        (body as { totpCode?: string }).totpCode === '123456'
          ? json(session)
          : problem(401, 'auth.second_factor_required'),
      ),
    );

    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'camille@example.com');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Code de vérification' }), '12');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Saisissez les 6 chiffres du code, ou un code de récupération')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Code de vérification' }), '3456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await expect.poll(location).toBe('/profile');
    expect(api.callsTo('POST /api/auth/sign-in').at(-1)?.body).toEqual({
      email: 'camille@example.com',
      password: 'correct horse',
      totpCode: '123456',
    });
  });
});

describe('creating an account (/auth, Inscription)', () => {
  /** The sign-in screen of a visitor whose `POST /api/auth/sign-up` answers `signUp`. */
  const signUpScreen = (signUp: Routes[string]) =>
    signInScreen({ ...authApi(() => json(session)), 'POST /api/auth/sign-up': signUp });

  /**
   * Opens the Inscription tab, fills its form (the name only when given) with the password 'long enough',
   * confirmed as `confirmation` (the same unless told), and presses S'inscrire.
   */
  async function signUpWith(
    user: UserEvent,
    { fullName, email, confirmation = 'long enough' }: { fullName?: string; email: string; confirmation?: string },
  ) {
    await user.click(await screen.findByRole('tab', { name: 'Inscription' }));
    if (fullName !== undefined) await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), fullName);
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), email);
    await user.type(screen.getByLabelText(/^Mot de passe/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), confirmation);
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
  }

  it('refuses two different passwords, then creates the account and offers to sign in with its e-mail', async () => {
    const { user, api } = signUpScreen(() =>
      json<CreatedAccount>({ id: 'user-2', email: 'lea@example.com', fullName: 'Léa' }, { status: 201 }),
    );

    await signUpWith(user, { fullName: 'Léa', email: 'lea@example.com', confirmation: 'long enougj' });
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeVisible();
    expect(api.callsTo('POST /api/auth/sign-up')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirmer le mot de passe/));
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'long enough');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('lea@example.com');
    expect(api.callsTo('POST /api/auth/sign-up')[0]?.body).toEqual({
      email: 'lea@example.com',
      password: 'long enough',
      fullName: 'Léa',
    });
  });

  it('says a name that shows nothing is not a name, and sends none until it is mended', async () => {
    const { user, api } = signUpScreen(() =>
      json<CreatedAccount>({ id: 'user-3', email: 'noe@example.com', fullName: '' }, { status: 201 }),
    );

    await signUpWith(user, { fullName: '\u3164', email: 'noe@example.com' });
    expect(await screen.findByText('Écrivez un nom visible, ou laissez le champ vide')).toBeVisible();
    expect(api.callsTo('POST /api/auth/sign-up')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Nom complet' }));
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(api.callsTo('POST /api/auth/sign-up')).toHaveLength(1);
  });

  it('says an account already uses the e-mail', async () => {
    const { user } = signUpScreen(() => problem(409, 'auth.email_taken'));

    await signUpWith(user, { email: 'camille@example.com' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Un compte existe déjà avec cet email');
  });
});

describe('a change of language on /auth', () => {
  it('keeps the sign-up tab and what was typed: the screen is mounted again in the other language', async () => {
    const drafts = new FormDrafts();
    let remount!: () => void;
    function AuthInTwoLanguages() {
      const [mount, setMount] = useState(0);
      remount = () => setMount((n) => n + 1);
      return (
        <FormDraftsContext.Provider value={drafts}>
          <AuthRoute key={mount} />
        </FormDraftsContext.Provider>
      );
    }
    const { user } = renderScreen(<AuthInTwoLanguages />, {
      path: '/auth',
      url: '/auth',
      api: authApi(() => json(session)),
    });

    await user.click(await screen.findByRole('tab', { name: 'Inscription' }));
    await user.type(screen.getByRole('textbox', { name: /^Nom complet/ }), 'Léa Martin');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'lea@example.com');
    // What the language switch does: the forms on screen are handed over, then every screen is mounted again.
    drafts.carryOver();
    act(() => remount());

    expect(await screen.findByRole('tab', { name: 'Inscription', selected: true })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Nom complet/ })).toHaveValue('Léa Martin');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('lea@example.com');
  });
});
