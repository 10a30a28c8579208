import { crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { checkPng } from '../../src/publish/raster-cache.ts';

// A real PNG from resvg, as the compress workers draw them (small: the check does not depend on the size).
const png = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><rect width="120" height="63" fill="#3a6"/><circle cx="60" cy="31" r="20" fill="#fff"/></svg>').render().asPng();

describe('checkPng', () => {
  it('accepts a whole PNG of the declared size', () => {
    expect(checkPng(png, crc32, 120, 63)).toBeNull();
  });

  it('rejects a flipped byte anywhere, naming the chunk whose CRC fails', () => {
    const flipped = Buffer.from(png);
    flipped[Math.floor(png.length / 2)]! ^= 0x10;
    expect(checkPng(flipped, crc32, 120, 63)).toMatch(/IDAT at byte \d+ fails its CRC/);
    const header = Buffer.from(png);
    header[20]! ^= 1; // inside IHDR's width
    expect(checkPng(header, crc32, 120, 63)).toMatch(/IHDR .*fails its CRC/);
  });

  it('rejects a cut file, another size, a missing signature and bytes after IEND', () => {
    expect(checkPng(png.subarray(0, png.length - 7), crc32, 120, 63)).toMatch(/cut short|runs past the end/);
    expect(checkPng(png.subarray(0, png.length - 12), crc32, 120, 63)).toBe('no IEND at the end');
    expect(checkPng(png, crc32, 1200, 630)).toBe('120x63, not 1200x630');
    expect(checkPng(Buffer.from('<svg/>'), crc32, 120, 63)).toBe('no PNG signature');
    expect(checkPng(Buffer.concat([png, png.subarray(-12)]), crc32, 120, 63)).toBe('data after IEND');
  });
});
