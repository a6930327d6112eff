import type { EventStore, NewEvent } from '@shop/event-store';
import type { AppendMetrics } from './metrics.js';
import { activeTraceparent, inSpan, streamTypeOf, tracingOn, TRACEPARENT } from './tracing.js';

/**
 * The event store as the app uses it, its appends timed for the metrics and, when tracing is on,
 * each in a span whose `traceparent` its events carry in their metadata (so the projection and the
 * jobs that follow join the request's trace). The store's packages know nothing of either.
 */
export function observeAppends(store: EventStore, metrics: AppendMetrics): EventStore {
  const append = store.appendToStream.bind(store);
  const timed: EventStore['appendToStream'] = async (streamId, events, options) => {
    const started = performance.now();
    try {
      return await append(streamId, events, options);
    } finally {
      metrics.appended({ durationMs: performance.now() - started, batchSize: events.length });
    }
  };
  store.appendToStream = (streamId, events, options) => {
    if (!tracingOn()) return timed(streamId, events, options);
    const streamType = streamTypeOf(streamId);
    return inSpan(
      `append ${streamType}`,
      { attributes: { 'shop.stream_type': streamType, 'shop.append.batch_size': events.length } },
      () => timed(streamId, withTraceparent(events), options),
    );
  };
  return store;
}

function withTraceparent(events: readonly NewEvent[]): readonly NewEvent[] {
  const traceparent = activeTraceparent();
  if (!traceparent) return events;
  return events.map((event) => ({ ...event, metadata: { ...event.metadata, [TRACEPARENT]: traceparent } }));
}
