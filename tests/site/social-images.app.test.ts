import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { parseSocialImagePath, SOCIAL_IMAGE } from '../../src/core/links/social-image.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** CRC-32 of a chunk's type and data, as PNG computes it. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** Reads a PNG the way a decoder must: signature, chunks with valid CRCs, IHDR first, the image data inflating to one filtered row per line. */
function decodePng(png: Buffer): { width: number; height: number; rows: number; colours: number } {
  expect(png.subarray(0, 8).equals(SIGNATURE)).toBe(true);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks[0]?.type).toBe('IHDR');
  expect(chunks.at(-1)?.type).toBe('IEND');
  const ihdr = chunks[0]!.data;
  const [width, height, depth, colour] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8]!, ihdr[9]!];
  expect(depth).toBe(8);
  const pixels = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = 1 + width * CHANNELS[colour]!;
  expect(pixels.length).toBe(stride * height);
  const image = unfilter(pixels, stride, height, CHANNELS[colour]!);
  // Distinct colours down the middle column: a blank image has one.
  const bpp = CHANNELS[colour]!;
  const middle = new Set(Array.from({ length: height }, (_, y) => image.subarray(y * (stride - 1) + (width >> 1) * bpp, y * (stride - 1) + (width >> 1) * bpp + bpp).toString('hex')));
  return { width, height, rows: pixels.length / stride, colours: middle.size };
}

/** Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth). */
function unfilter(data: Buffer, stride: number, height: number, bpp: number): Buffer {
  const line = stride - 1;
  const out = Buffer.alloc(line * height);
  for (let y = 0; y < height; y++) {
    const type = data[y * stride]!;
    if (type > 4) throw new Error(`row ${y}: unknown filter type ${type}`);
    for (let x = 0; x < line; x++) {
      const raw = data[y * stride + 1 + x]!;
      const a = x >= bpp ? out[y * line + x - bpp]! : 0;
      const b = y > 0 ? out[(y - 1) * line + x]! : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * line + x - bpp]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth;
      out[y * line + x] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

describe('social images', () => {
  const client = () => join(inject('distDir'), 'client');
  const templates = readBuiltCatalog().templates;
  /** The image a template's page names (og:image), as a path. */
  const imageOf = (slug: string) => new URL(/<meta property="og:image" content="([^"]+)"/.exec(readFileSync(join(client(), 'templates', `${slug}.html`), 'utf8'))![1]!).pathname;

  it.each(templates.slice(0, 12).map((t) => [t.slug] as const))('%s: a valid PNG of the declared size', (slug) => {
    const png = readFileSync(join(client(), imageOf(slug)));
    expect(decodePng(png)).toMatchObject({ width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, rows: SOCIAL_IMAGE.height });
  });

  it('exists for every template, and only for templates (not for example posters)', () => {
    for (const t of templates) expect(readFileSync(join(client(), imageOf(t.slug))).subarray(0, 8).equals(SIGNATURE)).toBe(true);
    // One image a template, the current one: an edit leaves no old address behind in the build.
    const slugs = readdirSync(join(client(), 'social')).map((name) => parseSocialImagePath(`/social/${name}`)?.slug);
    expect(slugs.sort()).toEqual(templates.map((t) => t.slug).sort());
    const example = templates.find((t) => t.examples?.length)!;
    expect(() => readFileSync(join(client(), `/posters/${example.slug}-1.png`))).toThrow(/ENOENT/);
  });

  it('draws the poster, not a blank: the middle column changes down the image', () => {
    const png = readFileSync(join(client(), imageOf(templates[0]!.slug)));
    expect(decodePng(png).colours).toBeGreaterThan(8);
  });
});
