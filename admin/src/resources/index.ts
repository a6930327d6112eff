import apiKeys from './api-keys';
import credentials from './credentials';
import inquiries from './inquiries';
import invoices from './invoices';
import plans from './plans';
import promoCodes from './promo-codes';
import subscriptions from './subscriptions';
import users from './users';
import webhooks from './webhooks';

/** Every resource of the back-office in the menu's order, under the name of its API route (`/api/admin/<name>`). */
export const RESOURCES = {
  inquiries,
  subscriptions,
  credentials,
  users,
  invoices,
  'promo-codes': promoCodes,
  plans,
  'api-keys': apiKeys,
  'webhook-endpoints': webhooks,
};
