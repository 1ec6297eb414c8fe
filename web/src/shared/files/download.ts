// A base64 document as a file (SPEC §9: 512-byte slices, no single huge array), handed to the browser as
// a download: bills, offer sheets, a document reached by a link.
import { BASE64_CHUNK_SIZE as SLICE_BYTES } from '@sportello/contract';

export function base64ToBlob(base64: string, contentType: string): Blob {
  const bytes = atob(base64);
  const slices: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; offset < bytes.length; offset += SLICE_BYTES) {
    const slice = bytes.slice(offset, offset + SLICE_BYTES);
    const array = new Uint8Array(slice.length);
    for (let i = 0; i < slice.length; i++) array[i] = slice.charCodeAt(i);
    slices.push(array);
  }
  return new Blob(slices, { type: contentType });
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; free it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
