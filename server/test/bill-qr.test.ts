// The QR code on the bill's front page must scan (ADR 031): a phone's camera reads pixels, not the
// PDF's link annotation, so each kind of demo bill (every type and commodity) is rendered to an image
// with poppler's pdftoppm, as a printer or a screen would, and decoded with a QR library.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from './demo-app.js';
import { readPdfStructure } from './pdf-structure.js';

const run = promisify(execFile);

/** Every QR code text found on the PDF's pages, rendered at `dpi`. */
async function decodeQrCodes(pdf: Buffer, dpi: number): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bill-qr-'));
  try {
    await writeFile(join(dir, 'bill.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'bill.pdf'), join(dir, 'page')]).catch(
      (error) => {
        throw new Error(
          `pdftoppm could not render the bill (Debian: apt-get install -y poppler-utils): ${String(error)}`,
        );
      },
    );
    const found: string[] = [];
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.png')).sort()) {
      const image = PNG.sync.read(await readFile(join(dir, file)));
      const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
      if (code) found.push(code.data);
    }
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the QR code of every kind of bill', () => {
  const demo = useDemoApp();

  it('decodes, at 150 and 300 dpi, to the link the PDF carries', async () => {
    const kinds = new Map<string, { pdf: Buffer }>();
    for (const username of ['mariorossi', 'bianchisrl', 'condominioaurora']) {
      const session = await demo.logIn(username);
      for (const customer of (await demo.data('Erp/v1/customers', session)).customers) {
        const { invoices } = await demo.data(`Erp/v1/invoices?customerId=${customer.id}`, session);
        for (const invoice of invoices as {
          key: string;
          invoiceTypeCode: number;
          documentId: string | null;
        }[]) {
          if (invoice.documentId === null) continue;
          const { commodity } = await demo.data(`Erp/v1/invoices/${invoice.key}/detail`, session);
          const kind = `${invoice.invoiceTypeCode} ${commodity}`;
          if (kinds.has(kind)) continue;
          if (!(await demo.data(`Erp/v1/documents/${invoice.documentId}/exists`, session)).exists) continue;
          const file = await demo.data(`Erp/v1/documents/${invoice.documentId}`, session);
          kinds.set(kind, { pdf: Buffer.from(file.data, 'base64') });
        }
      }
    }
    // Electricity, gas and heat bills, of more than one type.
    expect([...kinds.keys()].join(', ')).toMatch(/electricity/);
    expect([...kinds.keys()].join(', ')).toMatch(/gas/);
    expect([...kinds.keys()].join(', ')).toMatch(/heat/);
    for (const [kind, { pdf }] of kinds) {
      const { links } = await readPdfStructure(pdf);
      expect(links, kind).toHaveLength(1);
      for (const dpi of [150, 300])
        expect(await decodeQrCodes(pdf, dpi), `${kind} at ${dpi} dpi`).toEqual(links);
    }
  }, 300_000);
});
