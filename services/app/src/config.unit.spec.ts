import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

describe('TRUST_PROXY', () => {
  it('trusts no proxy in production and loopback elsewhere, unless told', () => {
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or addresses, networks and Express’s names', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, TRUST_PROXY: 'loopback' }).trustProxy).toEqual([
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4 ,fd00::/8,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'uniquelocal',
    ]);
  });

  it('refuses trusting every peer and anything it cannot read, naming the setting', () => {
    for (const value of ['true', 'all', '*', '10.0.0.0/33', '10.0.0', 'proxy.internal', '11', '10.0.0.1,,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid configuration: TRUST_PROXY: /);
    }
  });
});

describe('LOG_LEVEL', () => {
  it('is info unless told, and only one of pino’s levels', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
