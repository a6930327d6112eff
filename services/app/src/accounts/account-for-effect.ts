import { getAccount, type AccountView } from '@shop/projections';
import type { Knex } from 'knex';
import { NotYetError } from '../jobs/not-yet.js';

/**
 * The account an effect (an e-mail, an invoice) is for, from the accounts read model: null once
 * the person is erased (their sign-in is gone with them), and NotYetError while the read model
 * has not caught up with an account that exists, so the job waits for it instead of acting as if
 * nobody were there.
 */
export async function accountForEffect(knex: Knex, userId: string): Promise<AccountView | null> {
  const account = await getAccount(knex, userId);
  if (account) return account;
  const signIn = await knex('account_credentials').where({ user_id: userId }).first('user_id');
  if (signIn) throw new NotYetError(`account ${userId} is not in the accounts read model yet`);
  return null;
}
