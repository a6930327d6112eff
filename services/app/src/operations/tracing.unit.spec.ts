import { describe, expect, it } from 'vitest';
import { batchSpanStart, TRACEPARENT } from './tracing.js';

const traceA = '0af7651916cd43dd8448eb211c80319c';
const traceB = '4bf92f3577b34da6a3ce929d0e0e4736';
const append = (trace: string, span: string) => `00-${trace}-${span}-01`;
const event = (traceparent: string | undefined, correlationId: string) => ({
  metadata: { correlationId, ...(traceparent ? { [TRACEPARENT]: traceparent } : {}) },
});

describe('the span over a batch of events', () => {
  it('continues the request when its events come from one request, even from two appends', () => {
    const order = append(traceA, 'b7ad6b7169203331');
    const checkout = append(traceA, '00f067aa0ba902b7');
    const start = batchSpanStart([event(order, 'req-1'), event(checkout, 'req-1')], {});
    expect(start.parent).toBe(order);
    expect(start.links).toEqual([checkout]);
    expect(start.attributes).toMatchObject({ 'shop.correlation_id': 'req-1', 'shop.batch_size': 2 });
  });

  it('is linked to each request when its events come from several', () => {
    const first = append(traceA, 'b7ad6b7169203331');
    const second = append(traceB, '00f067aa0ba902b7');
    const start = batchSpanStart([event(first, 'req-1'), event(second, 'req-2')], {});
    expect(start.parent).toBeUndefined();
    expect(start.links).toEqual([first, second]);
    expect(start.attributes).toMatchObject({ 'shop.correlation_ids': ['req-1', 'req-2'] });
  });

  it('starts a trace of its own when its events carry no trace, or a malformed one', () => {
    expect(batchSpanStart([event(undefined, 'req-1')], {}).parent).toBeUndefined();
    expect(batchSpanStart([event('00-not-a-trace-01', 'req-1')], {}).parent).toBeUndefined();
  });
});
