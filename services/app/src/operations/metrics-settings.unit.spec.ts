import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('METRICS_PORT, METRICS_TOKEN and OTEL_ settings', () => {
  it('serves no metrics and sends no traces unless told', () => {
    const config = loadConfig({});
    expect(config.metricsPort).toBeNull();
    expect(config.metricsToken).toBeUndefined();
    expect(config.otlpEndpoint).toBeUndefined();
    expect(config.otelServiceName).toBe('shop');
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: ' ', OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toMatchObject({
      metricsPort: null,
      metricsToken: undefined,
      otlpEndpoint: undefined,
    });
  });

  it('takes a port, a token and a collector', () => {
    const config = loadConfig({
      METRICS_PORT: '9464',
      METRICS_TOKEN: 'a'.repeat(32),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
      OTEL_SERVICE_NAME: 'shop-eu',
    });
    expect(config).toMatchObject({
      metricsPort: 9464,
      metricsToken: 'a'.repeat(32),
      otlpEndpoint: 'http://collector:4318',
      otelServiceName: 'shop-eu',
    });
  });

  it('refuses a port that is not one, or the API’s own, and a short or spaced token', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/must differ from PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
