// Reads back what a screen reader relies on in a PDF (PDF/UA, ADR 031): the MarkInfo and language
// of the catalogue, the title shown in the window, the structure tree in reading order with the
// alt text of its figures, the link annotations, and whether every font is embedded — by
// `pdffonts` where it is installed, else by counting the font files against the font descriptors.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface StructNode {
  role?: string;
  alt?: string;
  type?: string;
  children?: StructNode[];
}

export interface PdfStructure {
  marked: boolean;
  lang: string | null;
  displaysTitle: boolean;
  uaPart: string | null;
  /** Structure roles, depth first: the reading order. */
  roles: string[];
  /** Every Figure's alt text ('' when it has none). */
  figureAlts: string[];
  /** Elements that hold no marked content and no children: a tag with nothing to read. */
  emptyElements: string[];
  links: string[];
  /** Fonts not embedded; `pdffonts` says how it was checked. */
  unembeddedFonts: string[];
  fontCount: number;
  checkedWithPdffonts: boolean;
}

const PDFFONTS = '/usr/bin/pdffonts';

function fontsOf(bytes: Uint8Array): { fonts: number; unembedded: string[]; pdffonts: boolean } {
  if (existsSync(PDFFONTS)) {
    const dir = mkdtempSync(join(tmpdir(), 'pdffonts-'));
    try {
      const file = join(dir, 'file.pdf');
      writeFileSync(file, bytes);
      const rows = execFileSync(PDFFONTS, [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      // Columns: name, type (may hold spaces), encoding, emb, sub, uni, object, generation.
      const unembedded = rows
        .filter((row) => row.split(/\s+/).at(-5) !== 'yes')
        .map((row) => row.split(/\s+/)[0]!);
      return { fonts: rows.length, unembedded, pdffonts: true };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // pdfkit writes object dictionaries uncompressed: each descriptor must carry a font file.
  const raw = Buffer.from(bytes).toString('latin1');
  const descriptors = raw.match(/\/Type \/FontDescriptor/g)?.length ?? 0;
  const files = raw.match(/\/FontFile[23]? /g)?.length ?? 0;
  const standard = raw.match(/\/BaseFont \/(Helvetica|Times|Courier|Symbol|ZapfDingbats)[\w-]*/g) ?? [];
  return {
    fonts: descriptors + standard.length,
    unembedded: [...standard, ...(files < descriptors ? ['(descriptor without font file)'] : [])],
    pdffonts: false,
  };
}

export async function readPdfStructure(bytes: Uint8Array): Promise<PdfStructure> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  try {
    const markInfo = (await pdf.getMarkInfo()) as { Marked?: boolean } | null;
    const info = (await pdf.getMetadata()).info as { Language?: string };
    const roles: string[] = [];
    const figureAlts: string[] = [];
    const emptyElements: string[] = [];
    const links: string[] = [];
    const walk = (node: StructNode) => {
      if (node.type === 'content' || node.type === 'annotation') return;
      if (node.role && node.role !== 'Root') {
        roles.push(node.role);
        if (node.role === 'Figure') figureAlts.push(node.alt ?? '');
        if ((node.children ?? []).length === 0) emptyElements.push(node.role);
      }
      for (const child of node.children ?? []) walk(child);
    };
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const tree = (await page.getStructTree()) as StructNode | null;
      if (tree) walk(tree);
      for (const annotation of await page.getAnnotations()) {
        if (annotation.subtype === 'Link' && annotation.url) links.push(annotation.url as string);
      }
    }
    const raw = Buffer.from(bytes).toString('latin1');
    const fonts = fontsOf(bytes);
    return {
      marked: markInfo?.Marked === true,
      lang: info.Language ?? null,
      displaysTitle: /\/DisplayDocTitle true/.test(raw),
      uaPart: /<pdfuaid:part>(\d)<\/pdfuaid:part>/.exec(raw)?.[1] ?? null,
      roles,
      figureAlts,
      emptyElements,
      links,
      unembeddedFonts: fonts.unembedded,
      fontCount: fonts.fonts,
      checkedWithPdffonts: fonts.pdffonts,
    };
  } finally {
    await pdf.destroy();
  }
}
