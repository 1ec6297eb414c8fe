// Small real files for tests that send uploads: the portal decodes what it keeps (a PDF is parsed and
// written again, an image decoded and encoded again), so a file that only begins like a PDF or a PNG is
// refused, as it should be.
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A 1×1 PNG. */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF saying `text`. */
export async function samplePdf(text = 'Documento di prova'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([200, 100]).drawText(text, { x: 10, y: 50, size: 10, font });
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
