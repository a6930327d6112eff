import type { SellerIdentity } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';

let warned = false;

/**
 * Says once per process, at start, that invoices name the fictitious demonstration seller
 * (no SELLER_ settings outside production): documents issued so are worth nothing.
 */
export function warnOfDemoSeller(seller: SellerIdentity, logger: Logger): void {
  if (!seller.demo || warned) return;
  warned = true;
  logger.warn(
    { seller: seller.name },
    'invoices name a fictitious demonstration seller: set SELLER_NAME, SELLER_ADDRESS, SELLER_COUNTRY, SELLER_VAT_ID and SELLER_COMPANY_ID',
  );
}
