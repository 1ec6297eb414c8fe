// What a file is, read from its first bytes rather than from its name or declared type: a renamed
// executable stays refused.
const SIGNATURES = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
} as const;

export type SignedFileType = keyof typeof SIGNATURES;

/** The type the bytes begin as, among JPEG, PNG and PDF; null for anything else. */
export function fileTypeOf(bytes: Uint8Array): SignedFileType | null {
  for (const [type, signature] of Object.entries(SIGNATURES) as [SignedFileType, readonly number[]][]) {
    if (signature.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}
