import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { CredentialSetEvent, CredentialSetField } from './events.js';

/**
 * The operator's commands on a set. What the decider cannot read itself arrives in the command:
 * whether the plan exists, how many open subscriptions the set serves, which sealed values differ
 * (the service compares them opened; the decider never sees a secret).
 */
export type CredentialSetCommand =
  | {
      type: 'CreateCredentialSet';
      data: {
        credentialSetId: string;
        planId: string;
        planKnown: boolean;
        now: Date;
        /** A set stored before the log recorded sets: its original creation time. */
        carriedOverFrom?: Date;
      };
    }
  | {
      type: 'ReviseCredentialSet';
      data: {
        credentialSetId: string;
        planId: string;
        planKnown: boolean;
        /** Login, password, notes: those whose value differs from the current version's. */
        changed: ReadonlyArray<Exclude<CredentialSetField, 'plan'>>;
        servingSubscriptions: number;
        /** The version the operator's form was loaded at; absent: no check (last change wins). */
        expectedVersion?: number;
        now: Date;
      };
    }
  | {
      type: 'DeleteCredentialSet';
      data: { credentialSetId: string; servingSubscriptions: number; expectedVersion?: number; now: Date };
    };

export type CredentialSetState = { status: 'none' } | { status: 'stored' | 'deleted'; planId: string; version: number };

const notFound = (id: string) =>
  new NotFoundError({ code: 'credentials.not_found', message: 'No such credentials', details: { id } });

function requireStored(state: CredentialSetState, id: string, expectedVersion: number | undefined) {
  if (state.status !== 'stored') throw notFound(id);
  if (expectedVersion !== undefined && expectedVersion !== state.version) {
    throw new DomainError({
      code: 'credentials.stale',
      message: 'These credentials were changed meanwhile; reload them',
      details: { id, version: state.version, expectedVersion },
    });
  }
  return state;
}

function requirePlan(planId: string, planKnown: boolean) {
  if (!planKnown) {
    throw new DomainError({ code: 'credentials.unknown_plan', message: `No plan ${planId}`, details: { planId } });
  }
}

function refuseWhileServing(id: string, servingSubscriptions: number, message: string) {
  if (servingSubscriptions > 0) {
    throw new DomainError({
      code: 'credentials.in_use',
      message,
      details: { id, subscriptions: servingSubscriptions },
    });
  }
}

const FIELD_ORDER: readonly CredentialSetField[] = ['plan', 'login', 'password', 'additionalInfo'];

export const credentialSetDecider: Decider<CredentialSetCommand, CredentialSetEvent, CredentialSetState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CredentialSetCreated':
      case 'CredentialSetRevised':
        return { status: 'stored', planId: event.data.planId, version: event.data.version };
      case 'CredentialSetDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateCredentialSet': {
        const { data } = command;
        // A carried-over set is recorded once; recording it again is not an error.
        if (state.status !== 'none' && data.carriedOverFrom) return [];
        if (state.status !== 'none') {
          throw new DomainError({
            code: 'credentials.already_exists',
            message: 'These credentials exist already',
            details: { id: data.credentialSetId },
          });
        }
        requirePlan(data.planId, data.planKnown);
        return [
          {
            type: 'CredentialSetCreated',
            data: {
              credentialSetId: data.credentialSetId,
              planId: data.planId,
              version: 1,
              createdAt: (data.carriedOverFrom ?? data.now).toISOString(),
              ...(data.carriedOverFrom ? { carriedOver: true as const } : {}),
            },
          },
        ];
      }
      case 'ReviseCredentialSet': {
        const { data } = command;
        const current = requireStored(state, data.credentialSetId, data.expectedVersion);
        const moves = data.planId !== current.planId;
        if (moves) {
          requirePlan(data.planId, data.planKnown);
          refuseWhileServing(
            data.credentialSetId,
            data.servingSubscriptions,
            'Credentials that serve subscriptions cannot move to another plan',
          );
        }
        const changed = FIELD_ORDER.filter((field) =>
          field === 'plan' ? moves : (data.changed as readonly CredentialSetField[]).includes(field),
        );
        if (changed.length === 0) return [];
        return [
          {
            type: 'CredentialSetRevised',
            data: {
              credentialSetId: data.credentialSetId,
              planId: data.planId,
              version: current.version + 1,
              changed,
              revisedAt: data.now.toISOString(),
            },
          },
        ];
      }
      case 'DeleteCredentialSet': {
        const { data } = command;
        const current = requireStored(state, data.credentialSetId, data.expectedVersion);
        refuseWhileServing(
          data.credentialSetId,
          data.servingSubscriptions,
          'These credentials still serve subscriptions; assign them other credentials first',
        );
        return [
          {
            type: 'CredentialSetDeleted',
            data: {
              credentialSetId: data.credentialSetId,
              planId: current.planId,
              version: current.version,
              deletedAt: data.now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
