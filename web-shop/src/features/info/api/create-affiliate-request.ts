import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';
import { longText, optionalPhone, optionalWebsite, requiredEmail, requiredName } from '../lib/request-fields';
import type { RequestReceipt } from '../types';

export const TRAFFIC_VOLUMES = ['0-1000', '1000-5000', '5000-10000', '10000-50000', '50000+'] as const;
export type TrafficVolume = (typeof TRAFFIC_VOLUMES)[number];

export const PROMOTION_METHODS = [
  'social-media',
  'blog',
  'email',
  'youtube',
  'influencer',
  'paid-ads',
  'other',
] as const;
export type PromotionMethod = (typeof PROMOTION_METHODS)[number];

export interface AffiliateRequestInput {
  name: string;
  email: string;
  phone?: string;
  website?: string;
  trafficVolume: TrafficVolume;
  promotionMethods: PromotionMethod[];
  experience: string;
  motivation: string;
}

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
  experience: longText(2000),
  motivation: longText(2000),
});

/**
 * `POST /api/affiliate-requests` (201 `{ id, status }`, status pending).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useCreateAffiliateRequest(): (input: AffiliateRequestInput) => Promise<RequestReceipt> {
  return useIdempotentPost<AffiliateRequestInput, RequestReceipt>('/api/affiliate-requests');
}
