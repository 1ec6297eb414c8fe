import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('the path to come back to after login', () => {
  it('keeps a path of the app, with its query', () => {
    expect(nextPath('/link/demo-invoice-sga?company=sga')).toBe('/link/demo-invoice-sga?company=sga');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %o',
    (value) => {
      expect(nextPath(value)).toBeNull();
    },
  );
});
