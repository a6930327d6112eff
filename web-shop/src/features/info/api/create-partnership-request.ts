import { INQUIRY_LIMITS, PARTNERSHIP_TYPES, type PartnershipRequest } from '@shop/contracts';
import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';
import { longText, optionalPhone, optionalWebsite, requiredEmail, requiredName } from '../lib/request-fields';
import type { RequestReceipt } from '../types';

export { PARTNERSHIP_TYPES };
export type { PartnershipType } from '@shop/contracts';

export const partnershipRequestSchema = yup.object({
  companyName: requiredName(),
  contactName: requiredName(),
  email: requiredEmail(),
  phone: optionalPhone(),
  website: optionalWebsite(),
  partnershipType: yup
    .string()
    .required('info:validation.typeRequired')
    .oneOf([...PARTNERSHIP_TYPES], 'info:validation.typeRequired'),
  expectedVolume: yup.string().trim().max(INQUIRY_LIMITS.expectedVolume.max, 'info:validation.volumeMax'),
  description: longText(INQUIRY_LIMITS.description),
});

/**
 * `POST /api/partnership-requests` (201 `{ id, status }`, status new).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useCreatePartnershipRequest(): (input: PartnershipRequest) => Promise<RequestReceipt> {
  return useIdempotentPost<PartnershipRequest, RequestReceipt>('/api/partnership-requests');
}
