import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { inquiryDecider } from './decide.js';
import type { InquiryEvent } from './events.js';

const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-01T11:00:00.000Z';
const supportMessage = {
  userId: null,
  language: 'fr' as const,
  receivedAt: at,
  kind: 'support' as const,
  email: 'pd1:sealed-email',
  name: null,
  category: 'payment' as const,
  subject: 'pd1:sealed-subject',
  message: 'pd1:sealed-message',
};
const affiliateApplication = {
  userId: 'u1',
  language: 'en' as const,
  receivedAt: at,
  kind: 'affiliate' as const,
  name: 'pd1:n',
  email: 'pd1:e',
  phone: null,
  website: 'pd1:w',
  trafficVolume: '1000-5000' as const,
  promotionMethods: ['blog' as const, 'youtube' as const],
  experience: 'pd1:x',
  motivation: 'pd1:m',
};
const received: InquiryEvent = { type: 'InquiryReceived', data: { inquiryId: 'i1', ...supportMessage } };
const changed = (from: 'new' | 'in_progress' | 'closed', to: 'new' | 'in_progress' | 'closed'): InquiryEvent => ({
  type: 'InquiryStatusChanged',
  data: { inquiryId: 'i1', from, to, changedBy: 'admin-1', changedAt: later },
});
const change = (to: 'new' | 'in_progress' | 'closed', expectedVersion?: number) => ({
  type: 'ChangeInquiryStatus' as const,
  inquiryId: 'i1',
  data: { to, changedBy: 'admin-1', changedAt: later, ...(expectedVersion === undefined ? {} : { expectedVersion }) },
});
const spec = () => DeciderSpec.for(inquiryDecider);
/** The events of an inquiry received, then moved straight to `status` unless that is `new`. */
const receivedThen = (status: 'new' | 'in_progress' | 'closed'): InquiryEvent[] =>
  status === 'new' ? [received] : [received, changed('new', status)];

describe('inquiries', () => {
  it('are received once, whatever their kind', () => {
    spec().when({ type: 'ReceiveInquiry', inquiryId: 'i1', data: supportMessage }).then([received]);
    spec()
      .when({
        type: 'ReceiveInquiry',
        inquiryId: 'i2',
        data: affiliateApplication,
      })
      .then([
        {
          type: 'InquiryReceived',
          data: { inquiryId: 'i2', ...affiliateApplication },
        },
      ]);
    spec()
      .given([received])
      .when({ type: 'ReceiveInquiry', inquiryId: 'i1', data: supportMessage })
      .thenThrows({ code: 'inquiry.already_received', details: { inquiryId: 'i1' } });
  });

  it.each([
    { from: 'new', to: 'in_progress' },
    { from: 'in_progress', to: 'closed' },
    { from: 'new', to: 'closed' },
    { from: 'closed', to: 'in_progress' },
  ] as const)('move new → in progress → closed, and a closed one can be reopened: $from → $to', ({ from, to }) => {
    spec()
      .given(receivedThen(from))
      .when(change(to))
      .then([changed(from, to)]);
  });

  it.each(['in_progress', 'closed'] as const)('never go back to new, not even from %s', (from) => {
    spec()
      .given(receivedThen(from))
      .when(change('new'))
      .thenThrows({ code: 'inquiry.invalid_transition', details: { from, to: 'new' } });
  });

  it('record nothing when the status does not change', () => {
    spec().given([received]).when(change('new')).thenNothing();
    spec()
      .given([received, changed('new', 'closed')])
      .when(change('closed', 2))
      .thenNothing();
  });

  it('refuse a change decided on an older version', () => {
    spec()
      .given([received])
      .when(change('in_progress', 1))
      .then([changed('new', 'in_progress')]);
    spec()
      .given([received, changed('new', 'in_progress')])
      .when(change('closed', 1))
      .thenThrows({ code: 'inquiry.stale', details: { expectedVersion: 1, actualVersion: 2, status: 'in_progress' } });
  });

  it('cannot change an inquiry that was never received', () => {
    spec()
      .when(change('closed'))
      .thenThrows({ code: 'inquiry.not_found', details: { inquiryId: 'i1' } });
  });

  it('are erased once; their status can still move afterwards', () => {
    const erase = { type: 'EraseInquiry' as const, inquiryId: 'i1', data: { erasedAt: later } };
    const erased: InquiryEvent = { type: 'InquiryErased', data: { inquiryId: 'i1', erasedAt: later } };
    spec().given([received]).when(erase).then([erased]);
    spec().given([received, erased]).when(erase).thenNothing();
    spec().when(erase).thenThrows({ code: 'inquiry.not_found' });
    spec()
      .given([received, erased])
      .when(change('closed', 2))
      .then([changed('new', 'closed')]);
  });
});

describe('replies to inquiries', () => {
  const reply = (replyId = 'r1') => ({
    type: 'ReplyToInquiry' as const,
    inquiryId: 'i1',
    data: { replyId, message: 'pd1:sealed-reply', repliedBy: 'admin-1', repliedAt: later },
  });
  const replied = (replyId = 'r1'): InquiryEvent => ({
    type: 'InquiryReplied',
    data: { inquiryId: 'i1', replyId, message: 'pd1:sealed-reply', repliedBy: 'admin-1', repliedAt: later },
  });

  it('are recorded with who replied and when; the first reply takes a new inquiry up', () => {
    spec()
      .given([received])
      .when(reply())
      .then([replied(), changed('new', 'in_progress')]);
  });

  it.each(['in_progress', 'closed'] as const)('leave an inquiry %s as it is', (status) => {
    spec().given(receivedThen(status)).when(reply()).then([replied()]);
  });

  it('may follow one another', () => {
    spec()
      .given([received, replied('r1'), changed('new', 'in_progress')])
      .when(reply('r2'))
      .then([replied('r2')]);
  });

  it('count in the version a status change is decided on', () => {
    spec()
      .given([received, replied(), changed('new', 'in_progress')])
      .when(change('closed', 2))
      .thenThrows({ code: 'inquiry.stale', details: { expectedVersion: 2, actualVersion: 3 } });
  });

  it('are refused for an inquiry never received, erased, or sent without an address', () => {
    spec()
      .when(reply())
      .thenThrows({ code: 'inquiry.not_found', details: { inquiryId: 'i1' } });
    spec()
      .given([received, { type: 'InquiryErased', data: { inquiryId: 'i1', erasedAt: later } }])
      .when(reply())
      .thenThrows({ code: 'inquiry.erased', details: { inquiryId: 'i1' } });
    spec()
      .given([
        {
          type: 'InquiryReceived',
          data: {
            inquiryId: 'i1',
            userId: null,
            language: 'fr',
            receivedAt: at,
            kind: 'suggestion',
            suggestion: 'pd1:s',
            email: null,
          },
        },
      ])
      .when(reply())
      .thenThrows({ code: 'inquiry.no_email', details: { inquiryId: 'i1' } });
  });
});
