import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAndSignIn } from '../testing/http-customer.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';
import { flushTraces, tracingOn } from './tracing.js';

/** A span as OTLP/HTTP's JSON encoding carries it (ids in hex). */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  service: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  arrayValue?: { values: OtlpValue[] };
}
const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.arrayValue?.values.map(valueOf));
const attributesOf = (list: Array<{ key: string; value: OtlpValue }> = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** A stand-in for an OpenTelemetry collector: what the shop's exporter posts to /v1/traces, decoded. */
async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{
          resource: { attributes: Array<{ key: string; value: OtlpValue }> };
          scopeSpans: Array<{ spans: Array<Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes: [] }> }>;
        }>;
      };
      for (const resource of body.resourceSpans) {
        const service = String(attributesOf(resource.resource.attributes)['service.name']);
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              links: span.links ?? [],
              attributes: attributesOf(span.attributes),
              service,
            });
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  const collector = useStandIn('otlp', startOtlpReceiver);
  // The jobs on Redis, as in production: a job runs in the worker, apart from what queued it.
  const shop = useTestShop('traces', {
    env: () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'shop-under-test' }),
    plans: true,
    redis: true,
  });

  it('follows an order from its request to its command, its append, and the projection and reactor that follow', async () => {
    expect(tracingOn()).toBe(true);
    const customer = await signUpAndSignIn(shop.url, { label: 'traces', ip: randomIp('10.92') });
    const placed = await requestJson(shop.url, 'POST', '/api/orders', {
      token: customer.token,
      body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(placed.status).toBe(201);
    const correlationId = placed.headers.get('x-request-id')!;
    const spansOf = (predicate: (span: ReceivedSpan) => boolean) => collector.spans.filter(predicate);
    const request = () =>
      spansOf((s) => s.name === 'POST /api/orders' && s.attributes['shop.correlation_id'] === correlationId);

    // The projection and the reactor run moments after the answer; their spans are sent with the next export.
    await eventually(
      async () => {
        await flushTraces();
        return spansOf(
          (s) => s.name === 'project subscriptions' && s.attributes['shop.correlation_id'] === correlationId,
        );
      },
      (found) => found.length > 0 && request().length > 0,
      15_000,
    );
    expect(collector.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);

    const [http] = request();
    expect(http!.service).toBe('shop-under-test');
    expect(http!.attributes).toMatchObject({ 'http.route': '/api/orders', 'http.response.status_code': 201 });

    const [command] = spansOf((s) => s.parentSpanId === http!.spanId && s.name.startsWith('command '));
    expect(command!.name).toBe('command SubscriptionCommands.PlaceOrder');
    expect(command!.attributes).toMatchObject({
      'shop.command.type': 'PlaceOrder',
      'shop.stream_type': 'subscription',
    });

    const [append] = spansOf((s) => s.parentSpanId === command!.spanId && s.name.startsWith('append '));
    expect(append!.name).toBe('append subscription');
    expect(append!.attributes['shop.append.batch_size']).toBeGreaterThanOrEqual(1);

    // The event carries the append's span in its metadata: the projection continues that trace, the
    // order's append its parent, even when its batch also holds the checkout's event (a second append).
    const projections = spansOf(
      (s) => s.name === 'project subscriptions' && s.attributes['shop.correlation_id'] === correlationId,
    );
    expect(projections.map((s) => s.traceId)).toEqual(projections.map(() => http!.traceId));
    expect(projections.map((s) => s.parentSpanId)).toContain(append!.spanId);

    // So does the reactor that turns the order into its "order received" e-mail job.
    const reacted = await eventually(
      async () => {
        await flushTraces();
        return spansOf((s) => s.name.startsWith('react ') && s.attributes['shop.correlation_id'] === correlationId);
      },
      (found) => found.length > 0,
    );
    expect(reacted[0]!.traceId).toBe(http!.traceId);
    expect(reacted[0]!.attributes['shop.job_ids']).toEqual(expect.arrayContaining([expect.any(String)]));
    // The job runs in a span of its own, named after it, in the same trace: a child of the reactor's
    // span that queued it, so the order's e-mail is found from its request.
    const jobs = await eventually(
      async () => {
        await flushTraces();
        return spansOf((s) => s.name === 'job send-order-mail' && s.traceId === http!.traceId);
      },
      (found) => found.length > 0,
    );
    expect(reacted.map((s) => s.spanId)).toContain(jobs[0]!.parentSpanId);
    expect(jobs[0]!.attributes['shop.job']).toBe('send-order-mail');
    // No span carries a secret: the customer's token and password appear nowhere.
    const everything = JSON.stringify(collector.spans);
    expect(everything).not.toContain(customer.token);
    expect(everything).not.toContain(customer.password);
  });
});
