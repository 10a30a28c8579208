import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateCompileCache, trimCompileCache } from '../../src/publish/compile-cache.ts';

const scratch = mkdtempSync(join(tmpdir(), 'compile-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('trimCompileCache', () => {
  it('leaves a cache within its bound alone, and past it removes the oldest entries down to half', () => {
    const dir = join(scratch, 'dist.builds', '.cache', 'compile', 'v24-x64');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 10; i++) {
      writeFileSync(join(dir, `entry-${i}`), Buffer.alloc(100));
      utimesSync(join(dir, `entry-${i}`), 1000 + i, 1000 + i);
    }
    const cache = locateCompileCache(join(scratch, 'dist'));
    expect(trimCompileCache(cache, 1000)).toBe(0);
    expect(trimCompileCache(cache, 800)).toBe(600);
    expect(readdirSync(dir).sort()).toEqual(['entry-6', 'entry-7', 'entry-8', 'entry-9']);
    expect(trimCompileCache(join(scratch, 'none'))).toBe(0);
  });
});
