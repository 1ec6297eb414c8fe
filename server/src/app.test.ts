import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.js';

describe('log redaction of paths', () => {
  it.each([
    [
      '/services/rest/portalapi/Core/v1/sessions/abcDEF123_-abcDEF123_',
      '/services/rest/portalapi/Core/v1/sessions/[redacted]',
    ],
    [
      '/services/rest/portalapi/Core/v1/links/demo-invoice-sga?x=1',
      '/services/rest/portalapi/Core/v1/links/[redacted]?x=1',
    ],
    ['/services/rest/portalapi/Erp/v1/customers/12', '/services/rest/portalapi/Erp/v1/customers/12'],
  ])('%s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
