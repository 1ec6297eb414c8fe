// What a customer or the ERP sends is kept without what could act when it is opened later.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { safeImage, safePdf, UnreadableFile } from './safe-files.js';

const ACTIVE = ['JS', 'JavaScript', 'AA', 'OpenAction', 'EmbeddedFiles', 'XFA'];

/** A PDF that runs JavaScript on opening, launches a program from a link, embeds a file and has an XFA form. */
async function hostilePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([200, 200]);
  const { context } = document;
  const script = context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("x")') });
  document.catalog.set(PDFName.of('OpenAction'), context.register(script));
  const launch = context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') });
  const link = context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100], A: launch });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(link)]));
  page.node.set(PDFName.of('AA'), context.obj({ O: script }));
  const embedded = context.obj({ Names: [PDFString.of('x.exe'), context.obj({ Type: 'Filespec' })] });
  document.catalog.set(PDFName.of('Names'), context.obj({ EmbeddedFiles: embedded, JavaScript: embedded }));
  document.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') }));
  const bytes = Buffer.from(await document.save({ useObjectStreams: false }));
  // An HTML page glued after the end: a polyglot a browser might sniff as a page.
  return Buffer.concat([bytes, Buffer.from('\n<html><script>alert(1)</script></html>\n')]);
}

function activeFound(document: PDFDocument): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (value instanceof PDFStream) visit(value.dict);
    else if (value instanceof PDFDict) {
      for (const [key, child] of value.entries()) {
        if (ACTIVE.includes(key.decodeText())) found.push(key.decodeText());
        if (key.decodeText() === 'S' && child instanceof PDFName) {
          if (['JavaScript', 'Launch'].includes(child.decodeText())) found.push(child.decodeText());
        }
        visit(child);
      }
    } else if (value instanceof PDFArray) value.asArray().forEach(visit);
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) visit(object);
  return found;
}

describe('safePdf', () => {
  it('keeps the pages and drops JavaScript, launch actions, embedded files, XFA and what follows the end', async () => {
    const hostile = await hostilePdf();
    expect(new Set(activeFound(await PDFDocument.load(hostile)))).toEqual(
      new Set(['AA', 'EmbeddedFiles', 'JS', 'JavaScript', 'Launch', 'OpenAction', 'XFA']),
    );
    const safe = await safePdf(hostile);
    const reread = await PDFDocument.load(safe);
    expect(reread.getPageCount()).toBe(1);
    expect(activeFound(reread)).toEqual([]);
    const text = safe.toString('latin1');
    for (const needle of ['<html', '<script', '/JavaScript', '/Launch', '/OpenAction', '/XFA']) {
      expect(text).not.toContain(needle);
    }
    // The link annotation itself stays, without its action.
    expect(text).toContain('/Link');
  });

  it('refuses what only begins like a PDF', async () => {
    await expect(safePdf(Buffer.from('%PDF-1.7\n<html>not a pdf</html>'))).rejects.toBeInstanceOf(
      UnreadableFile,
    );
  });
});

describe('safeImage', () => {
  it('keeps the pixels and drops the metadata (the place the photo was taken) and any payload after them', async () => {
    const photo = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c04000' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Via Roma 1, Roma', ImageDescription: 'casa mia' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const withPayload = Buffer.concat([photo, Buffer.from('<html><script>alert(1)</script></html>')]);
    const safe = await safeImage(withPayload, 'image/jpeg');
    const metadata = await sharp(safe).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    expect(metadata.exif).toBeUndefined();
    expect(safe.toString('latin1')).not.toContain('<html');
    expect(safe.toString('latin1')).not.toContain('Via Roma');
  });

  it('refuses what only begins like a PNG or a JPEG', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html>'),
    ]);
    await expect(safeImage(png, 'image/png')).rejects.toBeInstanceOf(UnreadableFile);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html>')]);
    await expect(safeImage(jpeg, 'image/jpeg')).rejects.toBeInstanceOf(UnreadableFile);
  });
});
