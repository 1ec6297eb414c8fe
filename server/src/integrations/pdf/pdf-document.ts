// One way to start a PDF of ours: A4, 50 pt margins, compressed, dated now, and readable by a screen
// reader (PDF/UA, ADR 031): tagged with a structure tree in reading order, language it-IT, the title
// shown in the window, DejaVu fonts embedded (shipped in npm, so a clean clone has them; the
// standard 14 fonts are never embedded). `finish()` ends the drawing and resolves with the bytes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
}

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The two faces every document draws with: `doc.font(FONT.bold)`. */
export const FONT = { regular: 'Sans', bold: 'Sans-Bold' } as const;

export type Struct = PDFKit.PDFStructureElement;

export function startPdf(meta: PdfMeta, now: Date, options: { bufferPages?: boolean } = {}) {
  const regular = join(fontDir, 'DejaVuSansCondensed.ttf');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    bufferPages: options.bufferPages ?? false,
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject, CreationDate: now, ModDate: now },
    lang: 'it-IT',
    pdfVersion: '1.7',
    // pdfkit 0.20 writes the pdfuaid mark; its typings (0.17) only know the PDF/A subsets.
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    displayTitle: true,
    // Without it pdfkit opens Helvetica, which would be listed unembedded.
    font: regular,
  });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, join(fontDir, 'DejaVuSansCondensed-Bold.ttf'));
  doc.font(FONT.regular);
  // Every tagged element hangs from one Document element, in the order it is drawn.
  const root = doc.struct('Document');
  doc.addStructure(root);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const finish = () => {
    root.end();
    doc.end();
    return bytes;
  };
  return { doc, root, finish };
}

/** Draws content as one element of `type` (H1, P, Figure…) under `parent`, in reading order. */
export function tag(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  type: string,
  draw: () => void,
  options: { alt?: string } = {},
): void {
  parent.add(doc.struct(type, options, [draw]));
}

/** A grouping element (Sect, Table, TR…) whose children are added by `fill`. */
export function group(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  type: string,
  fill: (element: Struct) => void,
): void {
  const element = doc.struct(type);
  parent.add(element);
  fill(element);
  element.end();
}

/** Decoration a screen reader skips: rules, coloured boxes, page footers. */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent('Artifact');
  draw();
  doc.endMarkedContent();
}
