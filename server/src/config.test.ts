import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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
});
