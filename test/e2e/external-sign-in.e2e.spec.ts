import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, signUpAndSignIn, turnOnTwoFactor } from '../../services/app/src/testing/http-customer.js';
import { startOidcTestProvider, type OidcTestProvider } from '../../services/app/src/testing/oidc-test-provider.js';
import { screenshot, startE2eShop, type E2eShop } from './e2e-shop.js';

let provider: OidcTestProvider;
let e2e: E2eShop;

beforeAll(async () => {
  provider = await startOidcTestProvider({});
  e2e = await startE2eShop('e2e_external_sign_in', provider.env('google'));
  await provider.accept(`${e2e.baseUrl}/api/auth/oidc/google/callback`);
});

afterAll(async () => {
  await e2e?.stop();
  await provider?.stop();
});

describe('signing in with Google', () => {
  it("asks for the account's two-factor code after the provider, then lands where the sign-in was for", async () => {
    const customer = await signUpAndSignIn(e2e.shop.url, { label: 'nina', ip: randomIp('10.9') });
    provider.users['nina-sub'] = { email: customer.email, email_verified: true, name: 'Nina' };
    const { totp } = await turnOnTwoFactor(e2e.shop.url, customer);

    const page = await e2e.openPage('/auth?redirect=%2Fprofile');
    await page.getByRole('link', { name: 'Continuer avec Google' }).click();
    // The provider's own development pages: any password, then consent.
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill('nina-sub');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
    expect(new URL(page.url()).searchParams.get('second_factor')).toBe('oidc');
    const cookieNames = (await page.context().cookies(e2e.baseUrl)).map((cookie) => cookie.name);
    expect(cookieNames).not.toContain('access_token');
    await screenshot(page, 'auth-external-second-factor');

    await page.locator('#field-totpCode').fill('000000');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByText('Code de vérification incorrect').waitFor();

    // The set-up spent the current step's code: the next step's is the one the app shows soon.
    await page.locator('#field-totpCode').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('link', { name: 'Mon profil' }).first().waitFor();
  });
});
