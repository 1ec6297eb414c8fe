// What a PDF thread runs (pdf-renderer.ts): one of our renderers by name, with its arguments as the
// caller gave them (structured-cloned). pdfkit draws synchronously, so it runs here, off the event loop.
import { renderBillPdf } from './bill-pdf.js';
import { renderComplaintPdf } from './complaint-pdf.js';
import { renderMaintenancePdf } from './maintenance-pdf.js';
import { renderOfferPdf } from './offer-pdf.js';

const RENDERERS = {
  bill: renderBillPdf,
  complaint: renderComplaintPdf,
  maintenance: renderMaintenancePdf,
  offer: renderOfferPdf,
};

export type PdfRenderers = typeof RENDERERS;
/** Every kind of PDF the portal draws: a test walks one of each (server/test/every-pdf.test.ts). */
export const PDF_KINDS = Object.keys(RENDERERS) as (keyof PdfRenderers)[];
export type PdfTask = {
  [K in keyof PdfRenderers]: { kind: K; args: Parameters<PdfRenderers[K]> };
}[keyof PdfRenderers];

export default function render(task: PdfTask): Promise<Buffer> {
  const draw = RENDERERS[task.kind] as (...args: PdfTask['args']) => Promise<Buffer>;
  return draw(...task.args);
}
