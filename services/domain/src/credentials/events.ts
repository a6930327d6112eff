import type { DomainEvent } from '../shared/decider.js';

/** One stream per set of service credentials: `credential-set-<id>`. */
export const credentialSetStreamId = (credentialSetId: string) => `credential-set-${credentialSetId}`;

/** What a revision changed; the values themselves stay sealed in `service_credential_versions`. */
export type CredentialSetField = 'plan' | 'login' | 'password' | 'additionalInfo';

/**
 * A set stored by the operator: version 1. Neither the login nor the password nor the notes enter
 * the log, not even sealed; the version's row holds them. `carriedOver` marks a set stored before
 * the log recorded sets, recorded when it is first touched: `createdAt` is then its original time.
 */
export type CredentialSetCreated = DomainEvent<
  'CredentialSetCreated',
  { credentialSetId: string; planId: string; version: number; createdAt: string; carriedOver?: true }
>;

/** A new version of the set (the previous one stays readable in its row); `changed` names what differs. */
export type CredentialSetRevised = DomainEvent<
  'CredentialSetRevised',
  {
    credentialSetId: string;
    planId: string;
    version: number;
    changed: CredentialSetField[];
    revisedAt: string;
  }
>;

/** No longer assignable nor shown; `version` is the last one, and every version stays in its row. */
export type CredentialSetDeleted = DomainEvent<
  'CredentialSetDeleted',
  { credentialSetId: string; planId: string; version: number; deletedAt: string }
>;

export type CredentialSetEvent = CredentialSetCreated | CredentialSetRevised | CredentialSetDeleted;

export const CREDENTIAL_SET_EVENT_TYPES: ReadonlyArray<CredentialSetEvent['type']> = [
  'CredentialSetCreated',
  'CredentialSetRevised',
  'CredentialSetDeleted',
];
