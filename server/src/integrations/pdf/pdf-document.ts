// One way to start a PDF of ours: A4, 50 pt margins, compressed, Italian, dated now; `finish()`
// ends the drawing and resolves with the file's bytes.
import PDFDocument from 'pdfkit';

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
}

export function startPdf(meta: PdfMeta, now: Date, options: { bufferPages?: boolean } = {}) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    bufferPages: options.bufferPages ?? false,
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject, CreationDate: now, ModDate: now },
    lang: 'it-IT',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const finish = () => {
    doc.end();
    return bytes;
  };
  return { doc, finish };
}
