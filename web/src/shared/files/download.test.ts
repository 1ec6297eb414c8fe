import { describe, expect, it } from 'vitest';
import { base64ToBlob } from './download';

// jsdom's Blob has no arrayBuffer(); its FileReader reads one.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('base64ToBlob', () => {
  it.each([0, 1, 511, 512, 513, 2000])(
    'gives back the %i bytes encoded, with the content type',
    async (size) => {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 37) % 256);
      const base64 = btoa(String.fromCharCode(...bytes));
      const blob = base64ToBlob(base64, 'application/pdf');
      expect(blob.type).toBe('application/pdf');
      expect(await bytesOf(blob)).toEqual(bytes);
    },
  );
});
