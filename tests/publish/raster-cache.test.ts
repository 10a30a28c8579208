import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../src/publish/precompress-files.ts';
import { checkPng } from '../../src/publish/raster-cache.ts';

const scratch = mkdtempSync(join(tmpdir(), 'raster-cache-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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

describe('precompressFiles with a raster cache', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#246"/><text x="80" y="320" font-size="72" fill="#fff">Cached</text></svg>';
  const job = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    return { path: join(dir, 'social.png'), text: svg, rasterize: true };
  };

  it('draws an image once: a later build links the cached file, and the bytes are the same', async () => {
    const cache = join(scratch, 'cache');
    mkdirSync(cache);
    const [first] = await precompressFiles([job(join(scratch, 'b1'))], { rasterCache: cache });
    expect(first!.raster).toBe('drawn');
    expect(readdirSync(cache)).toHaveLength(1);
    const [second] = await precompressFiles([job(join(scratch, 'b2'))], { rasterCache: cache });
    expect(second!.raster).toBe('cached');
    expect(second!.hash).toBe(first!.hash);
    expect(statSync(join(scratch, 'b2', 'social.png')).ino).toBe(statSync(join(cache, readdirSync(cache)[0]!)).ino);
    expect(checkPng(readFileSync(join(scratch, 'b2', 'social.png')), crc32, 1200, 630)).toBeNull();
  });

  it('draws every image when the cache folder cannot be used', async () => {
    const notADir = join(scratch, 'not-a-dir');
    writeFileSync(notADir, 'a file where the cache folder should be');
    const results = await precompressFiles([job(join(scratch, 'b3')), job(join(scratch, 'b4'))], { rasterCache: notADir });
    expect(results.map((r) => r.raster)).toEqual(['drawn', 'drawn']);
    expect(readFileSync(notADir, 'utf8')).toBe('a file where the cache folder should be');
  });
});
