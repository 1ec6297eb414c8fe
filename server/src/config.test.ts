import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** A production install takes payments through Stripe (ADR 021). */
const PAYMENT = { STRIPE_SECRET_KEY: 'sk_live_thisinstall', STRIPE_WEBHOOK_SECRET: 'whsec_thisinstall' };

describe('configuration from the environment', () => {
  it('treats an empty variable as unset: DATABASE_URL= means the embedded database', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', LOG_LEVEL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('keeps an empty WEB_DIST_DIR, which means serving the API only', () =>
    expect(loadConfig({ WEB_DIST_DIR: '' }).WEB_DIST_DIR).toBe(''));

  it('refuses a wrong value, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('finding 9: seeds demo data by default outside production only', () => {
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...PAYMENT }).SEED_DEMO_DATA).toBe(false);
  });

  it('issue 23 finding 1: refuses production without a real gateway, naming the variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test', ...PAYMENT })).toThrow(
      /PAYMENT_GATEWAY: production takes payments only through a real gateway/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...PAYMENT })).toMatchObject({
      PAYMENT_GATEWAY: 'stripe',
      PAYMENT_TEST_GATEWAY: false,
    });
  });

  it('issue 23 finding 1: refuses the test gateway in production unless it is confirmed as well', () => {
    const withTest = { NODE_ENV: 'production', PAYMENT_TEST_GATEWAY: 'true', ...PAYMENT };
    expect(() => loadConfig(withTest)).toThrow(/ALLOW_TEST_GATEWAY_IN_PRODUCTION/);
    expect(loadConfig({ ...withTest, ALLOW_TEST_GATEWAY_IN_PRODUCTION: 'true' }).PAYMENT_TEST_GATEWAY).toBe(
      true,
    );
  });

  it('chooses the gateway: the test gateway in development, Stripe once its key is set', () => {
    expect(loadConfig({})).toMatchObject({ PAYMENT_GATEWAY: 'test', PAYMENT_TEST_GATEWAY: true });
    expect(loadConfig({ ...PAYMENT })).toMatchObject({
      PAYMENT_GATEWAY: 'stripe',
      PAYMENT_TEST_GATEWAY: false,
    });
    expect(loadConfig({ ...PAYMENT, PAYMENT_TEST_GATEWAY: 'true' }).PAYMENT_TEST_GATEWAY).toBe(true);
    expect(() => loadConfig({ PAYMENT_TEST_GATEWAY: 'false' })).toThrow(/no gateway would take payments/);
  });

  it('refuses an incomplete Stripe configuration and a checkout shorter than Stripe allows', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...PAYMENT, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...PAYMENT, PAYMENT_CHECKOUT_MINUTES: '15' })).toThrow(
      /PAYMENT_CHECKOUT_MINUTES/,
    );
    expect(
      loadConfig({ ...PAYMENT, STRIPE_PAYMENT_METHODS: 'card, sepa_debit' }).STRIPE_PAYMENT_METHODS,
    ).toEqual(['card', 'sepa_debit']);
  });

  it('listens on this machine only outside production, unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', ...PAYMENT }).HOST).toBe('0.0.0.0');
  });

  it('finding 9: refuses production with demo data unless it is confirmed as well', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...PAYMENT })).toThrow(
      /ALLOW_DEMO_DATA_IN_PRODUCTION/,
    );
    const confirmed = {
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      ...PAYMENT,
    };
    expect(loadConfig(confirmed).SEED_DEMO_DATA).toBe(true);
  });

  it('refuses webhooks to this machine in production; elsewhere only when asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'true', ...PAYMENT })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK/,
    );
    expect(loadConfig({}).WEBHOOKS_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }).WEBHOOKS_ALLOW_LOOPBACK).toBe(true);
  });

  it.each([
    [undefined, false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('TRUST_PROXY=%s names the proxies believed', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', '0', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2'])(
    'refuses TRUST_PROXY=%s',
    (value) => expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/),
  );
});
