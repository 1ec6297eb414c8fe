import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

describe('the path to come back to after login', () => {
  it.each(['/link/demo-invoice-sga?company=sga', '/invoice/437', '/invoices?page=2', '/supplies/41/graphs'])(
    'keeps a path of the app, with its query: %s',
    (value) => expect(nextPath(value)).toBe(value),
  );

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/\n/evil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/ /evil.example',
    '/%E0%A4%A',
    '/\u2028/evil.example',
  ])('refuses %o', (value) => {
    expect(nextPath(value)).toBeNull();
  });
});
