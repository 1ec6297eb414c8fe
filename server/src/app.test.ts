import { describe, expect, it } from 'vitest';
import { loggedRoute } from './app.js';

describe('what a log says of a request address', () => {
  it('is the route pattern when a route matched, never the URL', () =>
    expect(
      loggedRoute({
        url: '/services/rest/portalapi/Core/v1/links/demo-invoice-sga?x=1',
        routeOptions: { url: '/services/rest/portalapi/Core/v1/links/:id' },
      }),
    ).toBe('/services/rest/portalapi/Core/v1/links/:id'));

  it.each([
    ['/link/demo-invoice-sga?company=sga', '/link/*'],
    ['/?s=abcDEF123_-abcDEF123_', '/'],
    ['/recupero-psw?token=abc', '/recupero-psw'],
    ['/abcDEF123_-abcDEF123_', '/*'],
    ['/supplies/41/graphs-anon?rcrm=1&sessionId=x', '/supplies/*'],
  ])('keeps only the first segment of an unmatched page: %s', (url, expected) =>
    expect(loggedRoute({ url })).toBe(expected),
  );
});
