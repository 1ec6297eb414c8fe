// Extracts a PDF's text with pdfjs-dist's Node build, so tests check what a reader would see, page
// by page, and where each piece of text is drawn (a word past the page's edge is cut off on paper).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

interface PlacedText {
  page: number;
  text: string;
  left: number;
  right: number;
  baseline: number;
}

async function readPages(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; items: PlacedText[] }[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl: fonts,
    isEvalSupported: false,
  }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const items: PlacedText[] = [];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item)) continue;
      const left = item.transform[4] as number;
      items.push({ page: n, text: item.str, left, right: left + item.width, baseline: item.transform[5] });
    }
    pages.push({ width, height, items });
  }
  await pdf.destroy();
  return pages;
}

// Intl puts a no-break space before the euro sign; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** Each page's text, in drawing order. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  return (await readPages(bytes)).map((page) => plain(page.items.map((item) => item.text).join(' ')));
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n');
}

/**
 * The pieces of text drawn (even partly) outside the printable page: within `margin` points of an
 * edge a printer may cut, past it the text is simply not on the paper.
 */
export async function textOffThePage(bytes: Uint8Array, margin = 20): Promise<string[]> {
  return (await readPages(bytes)).flatMap((page) =>
    page.items
      .filter((item) => item.text.trim() !== '')
      .filter(
        (item) =>
          item.left < margin ||
          item.right > page.width - margin ||
          item.baseline < margin ||
          item.baseline > page.height - margin,
      )
      .map(
        (item) => `page ${item.page}: "${item.text}" at ${Math.round(item.left)}–${Math.round(item.right)}`,
      ),
  );
}
