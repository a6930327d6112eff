import { z } from 'zod';
import { identifier, text } from './text.js';
import { CREDENTIALS_LIMITS as LIMITS } from './vocabulary.js';
import { expectedVersion } from './version.js';

const planId = text({ min: 1, max: LIMITS.planId });
const loginEmail = text({ min: 1, max: LIMITS.email }).pipe(z.email('Not an e-mail address').max(LIMITS.email));
// Kept exactly as typed: a service password may begin or end with a space.
const password = text({ max: LIMITS.password, trim: false }).refine((value) => value.trim().length > 0, 'Required');
/** Empty or null means none. */
const additionalInfo = z.preprocess(
  (value: string | null | undefined) => (typeof value === 'string' && value.trim() === '' ? null : value),
  text({ max: LIMITS.additionalInfo, multiline: true }).nullable(),
);

/** `POST /api/admin/credentials`. */
export const createCredentialsRequest = z
  .strictObject({ planId, email: loginEmail, password, additionalInfo: additionalInfo.optional() })
  .meta({ id: 'CredentialsInput' });
export type CreateCredentialsRequest = z.input<typeof createCredentialsRequest>;

/**
 * `PUT /api/admin/credentials/:id`: an absent password or additionalInfo keeps its value; with
 * `version`, a change made meanwhile is refused (409 `credentials.stale`) instead of overwritten. The
 * back-office sends only these members (its data provider leaves the record's other fields out).
 */
export const changeCredentialsRequest = z
  .strictObject({
    planId,
    email: loginEmail,
    password: password.optional(),
    additionalInfo: additionalInfo.optional(),
    version: expectedVersion.optional(),
  })
  .meta({ id: 'CredentialsChange' });
export type ChangeCredentialsRequest = z.input<typeof changeCredentialsRequest>;
/** A change as the server reads it: additionalInfo null clears the notes. */
export type CredentialsChange = z.output<typeof changeCredentialsRequest>;

/** `POST /api/admin/subscriptions/:id/credentials`. */
export const assignCredentialsRequest = z
  .strictObject({ credentialsId: text({ min: 1, max: 64 }) })
  .meta({ id: 'AssignCredentials' });
export type AssignCredentialsRequest = z.input<typeof assignCredentialsRequest>;

/** A set as the back-office lists it: never the password, nor the notes. */
export const credentialsSummary = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    email: z.string().describe('The login e-mail of the service account'),
    hasPassword: z.boolean(),
    hasAdditionalInfo: z.boolean(),
    assignedCount: z.number().int().describe('Active or suspended subscriptions this set serves'),
    version: z
      .number()
      .int()
      .describe('The current version (1 when stored, one more per change); send it back with a change'),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'CredentialsSummary' });
export type CredentialsSummary = z.infer<typeof credentialsSummary>;

/** `GET /api/admin/credentials`: a page of the list. */
export const credentialsList = z.array(credentialsSummary);

/** A set revealed to the operator, with its password and notes. */
export const credentialsDetail = credentialsSummary
  .extend({ password: z.string(), additionalInfo: z.string().nullable() })
  .meta({ id: 'CredentialsDetail' });
export type CredentialsDetail = z.infer<typeof credentialsDetail>;

/** `POST /api/admin/credentials/generate-password`: nothing is stored. */
export const generatedPassword = z.object({ password: z.string() }).meta({ id: 'GeneratedPassword' });
export type GeneratedPassword = z.infer<typeof generatedPassword>;

/** `DELETE /api/admin/credentials/:id?version=`: with a version, a change made meanwhile answers 409 `credentials.stale`. */
export const deleteCredentialsQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** `DELETE /api/admin/credentials/:id`. */
export const credentialsDeleted = z.object({ id: z.string() }).meta({ id: 'CredentialsDeleted' });
export type CredentialsDeleted = z.infer<typeof credentialsDeleted>;

/** `POST /api/admin/subscriptions/:id/credentials`: `changed` is false when the set was already assigned. */
export const credentialsAssigned = z
  .object({ subscriptionId: z.string(), credentialsId: z.string(), changed: z.boolean() })
  .meta({ id: 'CredentialsAssigned' });
export type CredentialsAssigned = z.infer<typeof credentialsAssigned>;

const shownPlan = { subscriptionId: z.string(), planName: z.string(), logo: z.string().nullable() };

/** `GET /api/me/subscriptions/:id/credentials`: ready, or still being prepared by the operator. */
export const subscriptionCredentials = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('preparing'), ...shownPlan }),
    z.object({
      status: z.literal('ready'),
      ...shownPlan,
      email: z.string(),
      password: z.string(),
      additionalInfo: z.string().nullable(),
    }),
  ])
  .meta({ id: 'SubscriptionCredentials' });
export type SubscriptionCredentials = z.infer<typeof subscriptionCredentials>;

/** `/api/admin/credentials/:id`, `/api/admin/subscriptions/:id/credentials`, `/api/me/subscriptions/:id/credentials`. */
export const credentialsParams = z.object({ id: identifier() });
