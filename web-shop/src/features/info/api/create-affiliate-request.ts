import { INQUIRY_LIMITS, PROMOTION_METHODS, TRAFFIC_VOLUMES, type AffiliateRequest } from '@shop/contracts';
import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';
import { longText, optionalPhone, optionalWebsite, requiredEmail, requiredName } from '../lib/request-fields';
import type { RequestReceipt } from '../types';

export { PROMOTION_METHODS, TRAFFIC_VOLUMES };
export type { PromotionMethod, TrafficVolume } from '@shop/contracts';

export const affiliateRequestSchema = yup.object({
  name: requiredName(),
  email: requiredEmail(),
  phone: optionalPhone(),
  website: optionalWebsite(),
  trafficVolume: yup
    .string()
    .required('info:validation.trafficRequired')
    .oneOf([...TRAFFIC_VOLUMES], 'info:validation.trafficRequired'),
  // The seeds only labelled this as required; the API refuses an empty list, so it is checked here too.
  promotionMethods: yup
    .array(
      yup
        .string()
        .oneOf([...PROMOTION_METHODS])
        .required(),
    )
    .min(1, 'info:validation.methodsRequired')
    .required('info:validation.methodsRequired'),
  experience: longText(INQUIRY_LIMITS.experience),
  motivation: longText(INQUIRY_LIMITS.motivation),
});

/**
 * `POST /api/affiliate-requests` (201 `{ id, status }`, status new).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useCreateAffiliateRequest(): (input: AffiliateRequest) => Promise<RequestReceipt> {
  return useIdempotentPost<AffiliateRequest, RequestReceipt>('/api/affiliate-requests');
}
