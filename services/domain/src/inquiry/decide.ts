import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { InquiryEvent, InquiryFacts, InquiryKind, InquiryStatus } from './events.js';

export type InquiryCommand =
  | { type: 'ReceiveInquiry'; inquiryId: string; data: InquiryFacts }
  | {
      type: 'ChangeInquiryStatus';
      inquiryId: string;
      data: {
        to: InquiryStatus;
        changedBy: string;
        changedAt: string;
        /** The version the operator saw; another change since then makes this one stale. */
        expectedVersion?: number;
      };
    }
  | {
      type: 'ReplyToInquiry';
      inquiryId: string;
      /** `message` sealed with the inquiry's key; its length was checked before sealing (INQUIRY_LIMITS.reply). */
      data: { replyId: string; message: string; repliedBy: string; repliedAt: string };
    }
  | { type: 'EraseInquiry'; inquiryId: string; data: { erasedAt: string } };

/** `version` counts the stream's events, as the store numbers them (1 for the first). */
export type InquiryState =
  | { received: false; version: 0 }
  | {
      received: true;
      kind: InquiryKind;
      status: InquiryStatus;
      erased: boolean;
      /** A suggestion may come without an address: nobody to reply to. */
      hasEmail: boolean;
      version: number;
    };

/**
 * Every inquiry starts `new`. It is taken up (`in_progress`, also by the first reply) or closed straight away; a closed
 * one can be reopened (back to `in_progress`). Nothing goes back to `new`: once someone has
 * looked at an inquiry, it is no longer unseen.
 */
export const INQUIRY_TRANSITIONS: Readonly<Record<InquiryStatus, readonly InquiryStatus[]>> = {
  new: ['in_progress', 'closed'],
  in_progress: ['closed'],
  closed: ['in_progress'],
};

export function evolveInquiry(state: InquiryState, event: InquiryEvent): InquiryState {
  switch (event.type) {
    case 'InquiryReceived':
      return {
        received: true,
        kind: event.data.kind,
        status: 'new',
        erased: false,
        hasEmail: event.data.email !== null,
        version: state.version + 1,
      };
    case 'InquiryStatusChanged':
      return state.received ? { ...state, status: event.data.to, version: state.version + 1 } : state;
    case 'InquiryReplied':
      return state.received ? { ...state, version: state.version + 1 } : state;
    case 'InquiryErased':
      return state.received ? { ...state, erased: true, version: state.version + 1 } : state;
    default:
      return assertNever(event);
  }
}

/** Refuses a command on an inquiry that was never received. */
function requireReceived(
  state: InquiryState,
  inquiryId: string,
): asserts state is Extract<InquiryState, { received: true }> {
  if (!state.received) {
    throw new NotFoundError({
      code: 'inquiry.not_found',
      message: `Inquiry ${inquiryId} does not exist`,
      details: { inquiryId },
    });
  }
}

export function decideInquiry(command: InquiryCommand, state: InquiryState): InquiryEvent[] {
  const { inquiryId } = command;
  switch (command.type) {
    case 'ReceiveInquiry':
      if (state.received) {
        throw new DomainError({
          code: 'inquiry.already_received',
          message: `Inquiry ${inquiryId} was already received`,
          details: { inquiryId },
        });
      }
      return [{ type: 'InquiryReceived', data: { ...command.data, inquiryId } }];
    case 'ChangeInquiryStatus': {
      requireReceived(state, inquiryId);
      const { to, changedBy, changedAt, expectedVersion } = command.data;
      if (expectedVersion !== undefined && expectedVersion !== state.version) {
        throw new DomainError({
          code: 'inquiry.stale',
          message: `Inquiry ${inquiryId} changed meanwhile (version ${state.version}, not ${expectedVersion}); reload it`,
          details: { inquiryId, expectedVersion, actualVersion: state.version, status: state.status },
        });
      }
      if (to === state.status) return [];
      if (!INQUIRY_TRANSITIONS[state.status].includes(to)) {
        throw new DomainError({
          code: 'inquiry.invalid_transition',
          message: `An inquiry cannot go from ${state.status} to ${to}`,
          details: { inquiryId, from: state.status, to, allowed: INQUIRY_TRANSITIONS[state.status] },
        });
      }
      return [{ type: 'InquiryStatusChanged', data: { inquiryId, from: state.status, to, changedBy, changedAt } }];
    }
    case 'ReplyToInquiry': {
      requireReceived(state, inquiryId);
      if (state.erased) {
        throw new DomainError({
          code: 'inquiry.erased',
          message: `Inquiry ${inquiryId} was erased: its sender's address is gone`,
          details: { inquiryId },
        });
      }
      if (!state.hasEmail) {
        throw new DomainError({
          code: 'inquiry.no_email',
          message: `Inquiry ${inquiryId} came without an e-mail address: there is nobody to reply to`,
          details: { inquiryId },
        });
      }
      const { replyId, message, repliedBy, repliedAt } = command.data;
      const replied: InquiryEvent = {
        type: 'InquiryReplied',
        data: { inquiryId, replyId, message, repliedBy, repliedAt },
      };
      // Answering a new inquiry is taking it up; an inquiry in progress or closed keeps its status
      // (a last word after closing does not reopen it: the operator reopens when more is expected).
      if (state.status !== 'new') return [replied];
      return [
        replied,
        {
          type: 'InquiryStatusChanged',
          data: { inquiryId, from: 'new', to: 'in_progress', changedBy: repliedBy, changedAt: repliedAt },
        },
      ];
    }
    case 'EraseInquiry':
      requireReceived(state, inquiryId);
      // Erasing twice records nothing more: the key is already gone.
      return state.erased ? [] : [{ type: 'InquiryErased', data: { inquiryId, erasedAt: command.data.erasedAt } }];
    default:
      return assertNever(command);
  }
}

export const inquiryDecider: Decider<InquiryCommand, InquiryEvent, InquiryState> = {
  initialState: () => ({ received: false, version: 0 }),
  evolve: evolveInquiry,
  decide: decideInquiry,
};
