// A minimal PNG writer (RGBA, no dependencies): the brand icons and splash screens are simple
// shapes in the brand's colours, so drawing them needs no image library to download.
import { crc32, deflateSync } from 'node:zlib';

export type Rgba = readonly [number, number, number, number];

export function hexColor(hex: string, alpha = 255): Rgba {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255, alpha];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `paint(x, y)` gives each pixel's colour. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = paint(x, y);
      const at = y * stride + 1 + x * 4;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
      raw[at + 3] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG's header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const mix = (under: Rgba, over: Rgba, amount: number): Rgba =>
  [0, 1, 2, 3].map((i) => Math.round(under[i]! + (over[i]! - under[i]!) * amount)) as unknown as Rgba;

/**
 * The brand emblem: a disc in the accent colour around a disc in the primary colour, centred,
 * with one pixel of smoothing at each edge. `background` fills the rest (transparent allowed).
 */
export function emblem(options: {
  width: number;
  height: number;
  background: Rgba;
  outer: { color: Rgba; radius: number };
  inner: { color: Rgba; radius: number };
  /** Cut everything outside this radius (round launcher icons). */
  clip?: number;
}): Buffer {
  const { width, height, background, outer, inner, clip } = options;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const cover = (distance: number, radius: number) => Math.max(0, Math.min(1, radius - distance + 0.5));
  return encodePng(width, height, (x, y) => {
    const distance = Math.hypot(x - cx, y - cy);
    let color = mix(background, outer.color, cover(distance, outer.radius));
    color = mix(color, inner.color, cover(distance, inner.radius));
    return clip === undefined ? color : mix([0, 0, 0, 0], color, cover(distance, clip));
  });
}
