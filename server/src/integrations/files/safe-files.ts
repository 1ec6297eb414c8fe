// Files that others send us (a complaint's attachments, a meter photo, the ERP's bill PDF) are handed
// to customers and staff later, who open them in a PDF reader or an image viewer. Their first bytes
// say what they claim to be; these functions make sure that is all they are. A PDF keeps its pages,
// text and structure but loses what can act (JavaScript, launch and submit actions, embedded files,
// XFA forms) and whatever sat outside its objects (an HTML page glued before or after); an image is
// decoded and encoded again, so only pixels survive (no EXIF with the place it was taken, no payload).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';
import sharp from 'sharp';

/** The file could not be read as what it claims to be (damaged, encrypted or not that type). */
export class UnreadableFile extends Error {}

/** Action types that run code, open other files or send data; a link within the document or to a web page stays. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'GoToR',
  'GoToE',
  'RichMediaExecute',
  'Rendition',
  'Sound',
  'Movie',
  'Hide',
]);
/** Keys that trigger or carry active content wherever they appear. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'AA', 'OpenAction', 'EmbeddedFiles', 'XFA', 'RichMediaContent'];
/** Annotations that hold files or media rather than a note or a link. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound', '3D']);

/** A decompression bomb is refused before it is decoded: no meter or document photo needs more. */
const MAX_IMAGE_PIXELS = 50_000_000;

function nameOf(dict: PDFDict, key: string): string | undefined {
  const value = dict.get(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : undefined;
}

function disarm(dict: PDFDict) {
  for (const key of ACTIVE_KEYS) dict.delete(PDFName.of(key));
  const action = nameOf(dict, 'S');
  // An action dictionary of an active kind is emptied, wherever it is referenced from (A, Next, …).
  if (action !== undefined && ACTIVE_ACTIONS.has(action)) {
    for (const key of dict.keys()) dict.delete(key);
  }
  if (nameOf(dict, 'Subtype') !== undefined && ACTIVE_ANNOTATIONS.has(nameOf(dict, 'Subtype')!)) {
    dict.delete(PDFName.of('FS'));
    dict.delete(PDFName.of('RichMediaContent'));
  }
}

/** Every dictionary in the PDF, including those nested inside others and streams' own dictionaries. */
function* dictionaries(document: PDFDocument): Generator<PDFDict> {
  const seen = new Set<unknown>();
  const visit = function* (value: unknown): Generator<PDFDict> {
    if (seen.has(value)) return;
    seen.add(value);
    if (value instanceof PDFStream) {
      yield* visit(value.dict);
    } else if (value instanceof PDFDict) {
      yield value;
      for (const [, child] of value.entries()) if (!(child instanceof PDFRef)) yield* visit(child);
    } else if (value instanceof PDFArray) {
      for (const child of value.asArray()) if (!(child instanceof PDFRef)) yield* visit(child);
    }
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) yield* visit(object);
}

/** The PDF without active content, or UnreadableFile. */
export async function safePdf(bytes: Uint8Array): Promise<Buffer> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    // pdf-lib reads leniently: a file with no pages behind its header is not a document.
    if (document.getPageCount() === 0) throw new Error('no pages');
  } catch (error) {
    throw new UnreadableFile(`not a readable PDF: ${(error as Error).message}`);
  }
  if (document.isEncrypted) throw new UnreadableFile('an encrypted PDF cannot be checked');
  for (const dict of dictionaries(document)) disarm(dict);
  // Written again from its objects alone, uncompressed object by object so what is left can be read.
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** The image's pixels encoded again in its own format, upright and without metadata; or UnreadableFile. */
export async function safeImage(bytes: Uint8Array, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    return type === 'image/jpeg'
      ? await image.jpeg({ quality: 85 }).toBuffer()
      : await image.png().toBuffer();
  } catch (error) {
    throw new UnreadableFile(`not a readable image: ${(error as Error).message}`);
  }
}

/** A PDF, JPEG or PNG (typed by its first bytes) made safe to hand on. */
export function safeFile(
  bytes: Uint8Array,
  type: 'application/pdf' | 'image/jpeg' | 'image/png',
): Promise<Buffer> {
  return type === 'application/pdf' ? safePdf(bytes) : safeImage(bytes, type);
}
