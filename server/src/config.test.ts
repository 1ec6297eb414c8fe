import { describe, expect, it } from 'vitest';
import { loadConfig, refuseWhatIsNotReal } from './config.js';

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

  it('refuses production without a real gateway, naming the variables', () => {
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

  it('refuses the test gateway in production unless it is confirmed as well', () => {
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

  it('TRUST_PROXY=none says clients connect directly', () =>
    expect(loadConfig({ TRUST_PROXY: 'none' }).TRUST_PROXY).toBe(false));

  it.each(['true', '0', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2'])(
    'refuses TRUST_PROXY=%s',
    (value) => expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/),
  );

  it('defaults PUBLIC_BASE_URL to the port it listens on, and the passkeys follow', () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9123' })).toMatchObject({
      PUBLIC_BASE_URL: 'http://localhost:9123',
      WEBAUTHN_ORIGINS: expect.arrayContaining(['http://localhost:9123']),
    });
    expect(loadConfig({ PORT: '9123', PUBLIC_BASE_URL: 'https://x.example' }).PUBLIC_BASE_URL).toBe(
      'https://x.example',
    );
  });

  it('reads SECRETS_KEY as keys with ids, the current first; refuses a short or unnamed key', () => {
    const k1 = Buffer.alloc(32, 1).toString('base64');
    const k0 = Buffer.alloc(32, 2).toString('base64url');
    const keys = loadConfig({ SECRETS_KEY: `k1:${k1}, k0:${k0}` }).SECRETS_KEYS;
    expect(keys.map((k) => k.id)).toEqual(['k1', 'k0']);
    expect(keys[1]!.key.equals(Buffer.alloc(32, 2))).toBe(true);
    expect(loadConfig({}).SECRETS_KEYS.map((k) => k.id)).toEqual(['dev']);
    expect(() => loadConfig({ SECRETS_KEY: `k1:${Buffer.alloc(16).toString('base64')}` })).toThrow(
      /SECRETS_KEY: key k1 is 16 bytes, not 32/,
    );
    expect(() => loadConfig({ SECRETS_KEY: k1 })).toThrow(/SECRETS_KEY/);
  });
});

describe('what production refuses to start with', () => {
  /** Everything a real production start names. */
  const REAL = {
    NODE_ENV: 'production',
    ...PAYMENT,
    DATABASE_URL: 'postgres://sportello@db:5432/sportello',
    SMTP_URL: 'smtps://mailer:pw@smtp.example.it:465',
    PUBLIC_BASE_URL: 'https://sportello.example.it',
    TRUST_PROXY: '10.0.0.0/8',
    SECRETS_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  };
  const refusal = (env: Record<string, string>) => {
    try {
      refuseWhatIsNotReal(loadConfig(env), env);
      return '';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('starts with every piece real, and TRUST_PROXY=none for clients that connect directly', () => {
    expect(refusal(REAL)).toBe('');
    expect(refusal({ ...REAL, TRUST_PROXY: 'none' })).toBe('');
  });

  it.each([
    ['DATABASE_URL', /DATABASE_URL: production runs on PostgreSQL/],
    ['SMTP_URL', /SMTP_URL: production sends e-mail over SMTP/],
    ['PUBLIC_BASE_URL', /PUBLIC_BASE_URL: the portal's address/],
    ['TRUST_PROXY', /TRUST_PROXY: the proxies in front .* or none/],
    ['SECRETS_KEY', /SECRETS_KEY: the key that seals/],
  ])('refuses production without %s, saying why', (name, message) => {
    const env: Record<string, string> = { ...REAL };
    delete env[name];
    expect(refusal(env)).toMatch(message);
    // Outside production the development stand-ins are fine.
    expect(refusal({ ...env, NODE_ENV: 'development' })).toBe('');
  });

  it('refuses a Stripe test key unless the opt-in names the risk', () => {
    const testKey = { ...REAL, STRIPE_SECRET_KEY: 'sk_test_abc' };
    expect(refusal(testKey)).toMatch(/STRIPE_SECRET_KEY: a Stripe test key takes no money/);
    expect(refusal({ ...testKey, ALLOW_STRIPE_TEST_MODE_IN_PRODUCTION: 'true' })).toBe('');
  });
});
