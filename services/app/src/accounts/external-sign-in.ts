import { randomUUID } from 'node:crypto';
import { AuthenticationError } from '../errors.js';
import { normalizeEmail, type AccountServiceDependencies } from './account-dependencies.js';
import type { Registration } from './registration.js';

/** Thrown when a provider vouches for an identity not yet linked without confirming its e-mail. */
export const EXTERNAL_EMAIL_NOT_VERIFIED = 'auth.external_email_not_verified';

export interface ExternalIdentityClaims {
  /** The provider's subject: the identity's id there. */
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** The accounts of people an external OpenID Connect provider vouched for. */
export class ExternalSignIn {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex'>,
    private readonly registration: Registration,
  ) {}

  /** Finds the account of this identity, links it to a verified e-mail's account, or opens one. */
  async accountOf(provider: string, claims: ExternalIdentityClaims, correlationId: string): Promise<string> {
    const { knex } = this.deps;
    const identity = { provider, subject: claims.sub };
    const known = await knex('oidc_identities').where(identity).first('user_id');
    if (known) return known.user_id as string;
    if (!claims.email || !claims.emailVerified) {
      throw new AuthenticationError({
        code: EXTERNAL_EMAIL_NOT_VERIFIED,
        message: 'The provider did not confirm the e-mail address',
      });
    }
    const email = normalizeEmail(claims.email);

    const link = async (userId: string) => {
      await knex('oidc_identities')
        .insert({ ...identity, user_id: userId })
        .onConflict(['provider', 'subject'])
        .ignore();
      // A concurrent callback of the same identity may have linked it first; its answer stands.
      const row = await knex('oidc_identities').where(identity).first('user_id');
      return row.user_id as string;
    };

    const existing = await knex('account_credentials').where({ email_normalized: email }).first('user_id');
    if (existing) return link(existing.user_id as string);

    const userId = randomUUID();
    try {
      // The account's rows commit with its registration, or not at all.
      await this.registration.register(userId, email, claims.name ?? email, 'oidc', provider, correlationId, [
        {
          sql: `INSERT INTO account_credentials (user_id, email_normalized, password_hash) VALUES ($1, $2, NULL)
                ON CONFLICT (email_normalized) DO NOTHING`,
          params: [userId, email],
          undo: { sql: 'DELETE FROM account_credentials WHERE user_id = $1', params: [userId] },
          refusedWhenNothingWritten: () => new RegisteredMeanwhile(),
        },
        {
          sql: 'INSERT INTO oidc_identities (provider, subject, user_id) VALUES ($1, $2, $3)',
          params: [provider, claims.sub, userId],
          undo: {
            sql: 'DELETE FROM oidc_identities WHERE provider = $1 AND subject = $2',
            params: [provider, claims.sub],
          },
        },
      ]);
    } catch (error) {
      if (!(error instanceof RegisteredMeanwhile)) throw error;
      const registeredMeanwhile = await knex('account_credentials').where({ email_normalized: email }).first('user_id');
      return link(registeredMeanwhile.user_id as string);
    }
    return userId;
  }
}

/** The e-mail was registered by a concurrent sign-up between the look-up and the insert: link to it. */
class RegisteredMeanwhile extends Error {}
