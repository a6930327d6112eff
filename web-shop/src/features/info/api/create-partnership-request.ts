import * as yup from 'yup';
import { useIdempotentPost } from '../../../lib/use-idempotent-post';
import { longText, optionalPhone, optionalWebsite, requiredEmail, requiredName } from '../lib/request-fields';
import type { RequestReceipt } from '../types';

export const PARTNERSHIP_TYPES = ['reseller', 'affiliate', 'integration', 'content', 'distribution', 'other'] as const;
export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];

export interface PartnershipRequestInput {
  companyName: string;
  contactName: string;
  email: string;
  phone?: string;
  website?: string;
  partnershipType: PartnershipType;
  expectedVolume?: string;
  description: string;
}

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
  expectedVolume: yup.string().trim().max(100, 'info:validation.volumeMax'),
  description: longText(5000),
});

/**
 * `POST /api/partnership-requests` (201 `{ id, status }`, status pending).
 * Fails with `validation.failed` (400, listing the refused fields) or `rate_limited` (429).
 */
export function useCreatePartnershipRequest(): (input: PartnershipRequestInput) => Promise<RequestReceipt> {
  return useIdempotentPost<PartnershipRequestInput, RequestReceipt>('/api/partnership-requests');
}
