import { describe, expect, it } from 'vitest';
import { authProvider } from './auth-provider';

/** What react-admin does after an API error: where the operator is sent, or nowhere. */
async function afterError(status: number, code?: string) {
  const error = { status, body: code ? { code } : {} };
  return authProvider.checkError!(error).then(
    () => ({ stays: true as const }),
    (thrown: { redirectTo?: string }) => ({ redirectTo: thrown.redirectTo }),
  );
}

describe("the back-office's answer to an API refusal", () => {
  it('keeps the page for a refusal of one act, whose notice says why', async () => {
    expect(await afterError(403, 'staff.own_account')).toEqual({ stays: true });
    expect(await afterError(403, 'account.staff_protected')).toEqual({ stays: true });
  });

  it('leaves for the access-denied page when the role no longer allows the back-office, or the set-up page', async () => {
    expect(await afterError(403, 'auth.forbidden')).toEqual({ redirectTo: '/admin/access-denied' });
    expect(await afterError(403)).toEqual({ redirectTo: '/admin/access-denied' });
    expect(await afterError(403, 'auth.two_factor_required')).toEqual({ redirectTo: '/admin/two-factor-required' });
  });
});
