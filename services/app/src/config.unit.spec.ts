import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SELLER, loadConfig } from './config.js';
import { TEST_SELLER, TEST_SELLER_ENV } from './testing/seller.js';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
/** A complete seller: production requires one (its country in lower case, read in upper case). */
const SELLER = { ...TEST_SELLER_ENV, SELLER_COUNTRY: 'fr' };

describe('TRUST_PROXY', () => {
  it('trusts no proxy in production and loopback elsewhere, unless told', () => {
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...SELLER }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or addresses, networks and Express’s names', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...SELLER, TRUST_PROXY: 'loopback' }).trustProxy).toEqual([
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

describe('HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS', () => {
  it('give a slow client 20 s for its headers and 30 s for the whole request unless told', () => {
    expect(loadConfig({})).toMatchObject({ httpHeadersTimeoutMs: 20_000, httpRequestTimeoutMs: 30_000 });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1500' })).toMatchObject({
      httpHeadersTimeoutMs: 500,
      httpRequestTimeoutMs: 1500,
    });
  });

  it('refuses no timeout at all, and headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /^Invalid configuration: HTTP_REQUEST_TIMEOUT_MS: /,
    );
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /^Invalid configuration: HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('LOG_LEVEL', () => {
  it('is info unless told, and only one of pino’s levels', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});

describe('PAYSSION_*', () => {
  const PAYSSION = { PAYSSION_API_KEY: 'sandbox_key', PAYSSION_SECRET_KEY: 'secret', PAYSSION_PM_ID: 'alipay_cn' };

  it('is off unless its keys are set, and on its sandbox unless told', () => {
    expect(loadConfig({}).payssionApiKey).toBeUndefined();
    expect(loadConfig(PAYSSION)).toMatchObject({
      payssionApiKey: 'sandbox_key',
      payssionSecretKey: 'secret',
      payssionPmId: 'alipay_cn',
      payssionApiUrl: undefined,
    });
    expect(loadConfig({ ...PAYSSION, PAYSSION_API_URL: 'https://www.payssion.com' }).payssionApiUrl).toBe(
      'https://www.payssion.com',
    );
  });

  it('refuses half a Payssion, naming what is missing, and never repeats the keys', () => {
    const { PAYSSION_SECRET_KEY: _secret, ...withoutSecret } = PAYSSION;
    expect(() => loadConfig(withoutSecret)).toThrow(/PAYSSION_SECRET_KEY: required to switch Payssion on/);
    const { PAYSSION_PM_ID: _method, ...withoutMethod } = PAYSSION;
    expect(() => loadConfig(withoutMethod)).toThrow(/PAYSSION_PM_ID: required to switch Payssion on/);
    expect(() => loadConfig({ PAYSSION_SECRET_KEY: 'secret' })).toThrow(/PAYSSION_API_KEY, PAYSSION_PM_ID/);
    expect(() => loadConfig({ ...PAYSSION, PAYSSION_PM_ID: 'Alipay CN' })).toThrow(/PAYSSION_PM_ID/);
    expect(() => loadConfig({ ...PAYSSION, PAYSSION_API_URL: 'sandbox' })).toThrow(/PAYSSION_API_URL/);
    try {
      loadConfig(withoutMethod);
    } catch (error) {
      expect(String(error)).not.toMatch(/sandbox_key|secret\b/);
    }
  });

  it('counts as a real provider: the sandbox is off in production once Payssion is configured', () => {
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...SELLER, ...PAYSSION }).sandboxPayments).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', ...PAYSSION }).sandboxPayments).toBe(true);
  });
});

describe('SELLER_*', () => {
  it('reads the seller named on invoices, normalised', () => {
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...SELLER }).seller).toEqual(TEST_SELLER);
    expect(loadConfig({ ...SELLER, SELLER_COMPANY_ID: '732829320' }).seller.companyId).toBe('732829320');
  });

  it('requires all five in production, naming the missing ones', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SECRETS_KEY })).toThrow(
      /^Invalid configuration: SELLER_NAME, SELLER_ADDRESS, SELLER_COUNTRY, SELLER_VAT_ID, SELLER_COMPANY_ID: required in production/,
    );
    const { SELLER_VAT_ID: _vat, ...withoutVat } = SELLER;
    expect(() => loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...withoutVat })).toThrow(
      /^Invalid configuration: SELLER_VAT_ID: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SECRETS_KEY, ...SELLER, SELLER_NAME: '  ' })).toThrow(
      /^Invalid configuration: SELLER_NAME: required in production/,
    );
  });

  it('outside production without them, a plainly fictitious seller; half a seller is refused', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const { seller } = loadConfig({ NODE_ENV });
      expect(seller).toEqual(DEMO_SELLER);
      expect(seller.demo).toBe(true);
      expect(seller.name).toMatch(/DÉMONSTRATION/);
    }
    expect(() => loadConfig({ SELLER_NAME: 'Premium Share SAS' })).toThrow(
      /^Invalid configuration: SELLER_ADDRESS, SELLER_COUNTRY, SELLER_VAT_ID, SELLER_COMPANY_ID: required with the other SELLER_ settings/,
    );
  });

  it('refuses a bad value, naming the setting', () => {
    const bad: Array<[keyof typeof SELLER, string]> = [
      ['SELLER_COUNTRY', 'France'],
      ['SELLER_COUNTRY', 'XX'],
      ['SELLER_VAT_ID', '44732829320'],
      ['SELLER_VAT_ID', 'FR1'],
      ['SELLER_COMPANY_ID', '73282932'],
      ['SELLER_COMPANY_ID', '732829321'],
      ['SELLER_COMPANY_ID', 'ABCDEFGHI'],
      ['SELLER_NAME', 'x'.repeat(201)],
    ];
    for (const [name, value] of bad) {
      const env = { NODE_ENV: 'production', SECRETS_KEY, ...SELLER, [name]: value };
      expect(() => loadConfig(env), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig(env), `${name}=${value}`).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    }
  });
});

describe('SHOP_TIME_ZONE', () => {
  it('is Europe/Paris unless set, and any IANA time zone when set', () => {
    expect(loadConfig({}).shopTimeZone).toBe('Europe/Paris');
    expect(loadConfig({ SHOP_TIME_ZONE: ' America/Montreal ' }).shopTimeZone).toBe('America/Montreal');
  });

  it('stops start-up on a name no platform knows, naming the setting', () => {
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Europe/Pariss' })).toThrow(
      /SHOP_TIME_ZONE: must be an IANA time zone such as Europe\/Paris/,
    );
  });
});

describe('JOB_CONCURRENCY', () => {
  it('runs eight jobs at once per worker unless told, from one to 64', () => {
    expect(loadConfig({}).jobConcurrency).toBe(8);
    expect(loadConfig({ JOB_CONCURRENCY: '32' }).jobConcurrency).toBe(32);
    for (const value of ['0', '65', 'many', '2.5']) {
      expect(() => loadConfig({ JOB_CONCURRENCY: value }), value).toThrow(/^Invalid configuration: JOB_CONCURRENCY: /);
    }
  });
});
