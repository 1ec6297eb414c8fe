import { describe, expect, it } from 'vitest';
import { isChunkLoadFailure } from './chunk-failure';

describe('a page chunk of another build', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/pun-page-abc.js',
    'error loading dynamically imported module: https://x/assets/pun-page-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/pun-page-abc.css',
  ])('is told apart: %s', (message) => expect(isChunkLoadFailure(new TypeError(message))).toBe(true));

  it.each([new Error('Network request failed'), 'Failed to fetch dynamically imported module', null])(
    'is not any other failure: %o',
    (error) => expect(isChunkLoadFailure(error)).toBe(false),
  );
});
