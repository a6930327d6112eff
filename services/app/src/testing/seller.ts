import type { SellerIdentity } from '../config.js';

/**
 * A seller's five settings, as production requires them (`SELLER_*`): for tests and benches that
 * start the shop with NODE_ENV=production. A company that exists only here.
 */
export const TEST_SELLER_ENV = {
  SELLER_NAME: 'Premium Share SAS',
  SELLER_ADDRESS: '12 rue de la Paix\\n75002 Paris',
  SELLER_COUNTRY: 'FR',
  SELLER_VAT_ID: 'FR 44 732 829 320',
  SELLER_COMPANY_ID: '732 829 320 00074',
} as const;

/** The seller those settings name, as the configuration reads them: written out, normalised. */
export const TEST_SELLER: SellerIdentity = {
  name: 'Premium Share SAS',
  address: '12 rue de la Paix\n75002 Paris',
  country: 'FR',
  vatId: 'FR44732829320',
  companyId: '73282932000074',
  demo: false,
};
