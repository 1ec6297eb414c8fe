import { describe, expect, it } from 'vitest';
import { fileTypeOf } from './file-signature';

describe('fileTypeOf', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[...'%PDF-1.7'].map((c) => c.charCodeAt(0)), 'application/pdf'],
    [[0x4d, 0x5a, 0x90, 0x00], null], // a Windows executable
    [[], null],
  ])('%j is %s', (bytes, type) => {
    expect(fileTypeOf(new Uint8Array(bytes))).toBe(type);
  });
});
