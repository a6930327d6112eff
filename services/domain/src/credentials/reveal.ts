import type { Decider, DomainEvent } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';

/**
 * Someone read a set's password: an operator's reveal in the back-office, or a customer's visit to
 * their credentials page. A reading changes nothing, but who read which set (and which version of
 * it) is what an auditor asks, so each reading is recorded on the reader's own stream
 * (`credential-reveals-<reader id>`): one reader's readings never wait on another's. Nothing of
 * the secret enters the event.
 */
export const credentialRevealStreamId = (readerId: string) => `credential-reveals-${readerId}`;

export const CREDENTIAL_READERS = ['admin', 'customer'] as const;
export type CredentialReader = (typeof CREDENTIAL_READERS)[number];

export type CredentialsRevealed = DomainEvent<
  'CredentialsRevealed',
  {
    revealId: string;
    credentialSetId: string;
    /** Null only for a carried-over reading whose row did not note the version (rows before versions were noted). */
    credentialsVersion: number | null;
    /** The customer's subscription whose page showed it; null for an operator's reveal. */
    subscriptionId: string | null;
    revealedBy: string;
    viewer: CredentialReader;
    revealedAt: string;
    /** A reading recorded before readings were events, carried over from its row at its original time. */
    carriedOver?: true;
    /** Why an operator read it: asked of support staff, recorded when an owner gives one. */
    reason?: string;
  }
>;
export const CREDENTIAL_REVEAL_EVENT_TYPES = ['CredentialsRevealed'] as const;

export interface RecordReveal {
  type: 'RecordReveal';
  data: {
    revealId: string;
    credentialSetId: string;
    credentialsVersion: number | null;
    subscriptionId: string | null;
    revealedBy: string;
    viewer: string;
    revealedAt: string;
    carriedOver?: boolean;
    reason?: string;
  };
}

/** The readings already recorded on the stream: the same one sent twice is recorded once. */
export interface CredentialRevealState {
  revealIds: ReadonlySet<string>;
}

const invalid = (message: string, details: Record<string, unknown>) =>
  new DomainError({ code: 'credentials.reveal_invalid', message, details });

export function decideReveal(command: RecordReveal, state: CredentialRevealState): CredentialsRevealed[] {
  const { data } = command;
  if (state.revealIds.has(data.revealId)) return [];
  if (!(CREDENTIAL_READERS as readonly string[]).includes(data.viewer))
    throw invalid('A reader is an operator or a customer', { viewer: data.viewer });
  const versionUnknown = data.credentialsVersion === null && data.carriedOver === true;
  if (!versionUnknown && !(Number.isInteger(data.credentialsVersion) && Number(data.credentialsVersion) >= 1))
    throw invalid('A set is read at one of its versions', { credentialsVersion: data.credentialsVersion });
  if (data.revealedBy.trim() === '' || data.credentialSetId.trim() === '')
    throw invalid('A reading names its reader and its set', {});
  if (data.viewer === 'customer' && !data.subscriptionId && !data.carriedOver)
    throw invalid('A customer reads a set through one of their subscriptions', {});
  return [
    {
      type: 'CredentialsRevealed',
      data: {
        revealId: data.revealId,
        credentialSetId: data.credentialSetId,
        credentialsVersion: data.credentialsVersion,
        subscriptionId: data.subscriptionId,
        revealedBy: data.revealedBy,
        viewer: data.viewer as CredentialReader,
        revealedAt: data.revealedAt,
        ...(data.carriedOver ? { carriedOver: true as const } : {}),
        ...(data.reason?.trim() ? { reason: data.reason.trim() } : {}),
      },
    },
  ];
}

export const credentialRevealDecider: Decider<RecordReveal, CredentialsRevealed, CredentialRevealState> = {
  initialState: () => ({ revealIds: new Set() }),
  evolve: (state, event) =>
    event.type === 'CredentialsRevealed' ? { revealIds: new Set([...state.revealIds, event.data.revealId]) } : state,
  decide: decideReveal,
};
