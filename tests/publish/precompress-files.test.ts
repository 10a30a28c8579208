import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { digestText } from '../../src/core/catalog/digest-template.ts';
import { precompressFiles, startCompressPool } from '../../src/publish/precompress-files.ts';

const scratch = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const page = (n: number) => `<!doctype html><title>Page ${n}</title>${'<p>Launch templates for every product. </p>'.repeat(40 + n)}`;

function writeSite(dir: string, pages: number): string[] {
  mkdirSync(join(dir, 'img'), { recursive: true });
  const paths = Array.from({ length: pages }, (_, n) => join(dir, `page-${n}.html`));
  paths.forEach((p, n) => writeFileSync(p, page(n)));
  writeFileSync(join(dir, 'small.txt'), 'tiny');
  writeFileSync(join(dir, 'img', 'logo.png'), Buffer.alloc(4096, 7));
  return [...paths, join(dir, 'small.txt'), join(dir, 'img', 'logo.png')];
}

describe('precompressFiles', () => {
  const first = join(scratch, 'b1');
  const paths = writeSite(first, 300);

  it('hashes every file and writes .br and .gz beside each text file worth compressing, across workers', async () => {
    const results = await precompressFiles(paths.map((path) => ({ path })), { workers: 2 });
    expect(results.map((r) => r.path).sort()).toEqual([...paths].sort());
    for (const r of results) expect(r.hash).toBe(digestText(readFileSync(r.path)));
    const html = results.find((r) => r.path.endsWith('page-7.html'))!;
    expect(brotliDecompressSync(readFileSync(`${html.path}.br`)).toString()).toBe(page(7));
    expect(gunzipSync(readFileSync(`${html.path}.gz`)).toString()).toBe(page(7));
    expect(html.br).toBe(statSync(`${html.path}.br`).size);
    for (const skipped of ['small.txt', 'img/logo.png']) expect(existsSync(join(first, `${skipped}.br`)), skipped).toBe(false);
  });

  it('links the previous build\'s siblings for a byte-identical file, and compresses a changed one', async () => {
    const second = join(scratch, 'b2');
    writeSite(second, 2);
    writeFileSync(join(second, 'page-1.html'), `${page(1)}<p>changed</p>`);
    const jobs = [0, 1].map((n) => {
      const path = join(second, `page-${n}.html`);
      const prev = join(first, `page-${n}.html`);
      return { path, previous: { path: prev, hash: digestText(readFileSync(prev)), br: statSync(`${prev}.br`).size, gz: statSync(`${prev}.gz`).size } };
    });
    const [same, changed] = (await precompressFiles(jobs)).sort((a, b) => a.path.localeCompare(b.path));
    expect(same!.reused).toBe(true);
    expect(statSync(join(second, 'page-0.html.br')).ino).toBe(statSync(join(first, 'page-0.html.br')).ino);
    expect(changed!.reused).toBe(false);
    expect(statSync(join(second, 'page-1.html.br')).ino).not.toBe(statSync(join(first, 'page-1.html.br')).ino);
    expect(brotliDecompressSync(readFileSync(join(first, 'page-1.html.br'))).toString()).toBe(page(1)); // the old build untouched
  });

  it('puts the reused build\'s file in place of an unchanged one written again (an incremental publish), and keeps a changed one', async () => {
    const fourth = join(scratch, 'b4');
    writeSite(fourth, 3);
    writeFileSync(join(fourth, 'page-1.html'), `${page(1)}<p>changed</p>`);
    const jobs = [0, 1, 2].map((n) => {
      const path = join(fourth, `page-${n}.html`);
      const prev = join(first, `page-${n}.html`);
      // page-2 comes from a full build that only borrows siblings: its file stays its own
      return { path, previous: { path: prev, hash: digestText(readFileSync(prev)), br: statSync(`${prev}.br`).size, gz: statSync(`${prev}.gz`).size, link: n < 2 } };
    });
    const results = await precompressFiles(jobs);
    const ino = (dir: string, name: string) => statSync(join(dir, name)).ino;
    expect(ino(fourth, 'page-0.html')).toBe(ino(first, 'page-0.html'));
    expect(readFileSync(join(fourth, 'page-0.html'), 'utf8')).toBe(page(0));
    expect(ino(fourth, 'page-1.html')).not.toBe(ino(first, 'page-1.html'));
    expect(readFileSync(join(first, 'page-1.html'), 'utf8')).toBe(page(1)); // the old build untouched
    expect(ino(fourth, 'page-2.html')).not.toBe(ino(first, 'page-2.html'));
    expect(ino(fourth, 'page-2.html.br')).toBe(ino(first, 'page-2.html.br'));
    for (const r of results) expect(r.hash, r.path).toBe(digestText(readFileSync(r.path)));
  });

  it('gives a file\'s links its bytes and its siblings, each with a result of its own', async () => {
    const dir = join(scratch, 'linked');
    mkdirSync(join(dir, 'by-slug'), { recursive: true });
    const [path, link, small, smallLink] = [join(dir, 'tpl-1'), join(dir, 'by-slug', 'launch'), join(dir, 'tpl-2'), join(dir, 'by-slug', 'tiny')];
    const results = await precompressFiles([{ path, text: page(3), links: [link] }, { path: small, text: 'tiny', links: [smallLink] }]);
    expect(results.map((r) => r.path).sort()).toEqual([path, link, small, smallLink].sort());
    expect(readFileSync(link, 'utf8')).toBe(page(3));
    expect(brotliDecompressSync(readFileSync(`${link}.br`)).toString()).toBe(page(3));
    expect(gunzipSync(readFileSync(`${link}.gz`)).toString()).toBe(page(3));
    const [own, linked] = [path, link].map((p) => results.find((r) => r.path === p)!);
    expect({ ...linked, path }).toEqual(own);
    expect(readFileSync(smallLink, 'utf8')).toBe('tiny');
    expect(existsSync(`${smallLink}.br`)).toBe(false);
  });

  it('never writes over an existing sibling (it could be a link into another build)', async () => {
    const third = join(scratch, 'b3');
    writeSite(third, 1);
    writeFileSync(join(third, 'page-0.html.br'), 'linked');
    await expect(precompressFiles([{ path: join(third, 'page-0.html') }])).rejects.toThrow(/EEXIST/);
    expect(readFileSync(join(third, 'page-0.html.br'), 'utf8')).toBe('linked');
  });
});

describe('startCompressPool', () => {
  it('writes the files it is given the text of, exclusively, and takes more files while it works', async () => {
    const dir = join(scratch, 'pool');
    mkdirSync(dir, { recursive: true });
    const pool = startCompressPool({ workers: 2 });
    let made = 0;
    pool.add(Array.from({ length: 100 }, (_, n) => ({ path: join(dir, `a-${n}.html`), text: () => (made++, page(n)) })));
    writeFileSync(join(dir, 'later.html'), page(3));
    pool.add([{ path: join(dir, 'later.html') }]);
    const results = await pool.finish();
    expect(results).toHaveLength(101);
    expect(made).toBe(100);
    expect(readFileSync(join(dir, 'a-42.html'), 'utf8')).toBe(page(42));
    expect(gunzipSync(readFileSync(join(dir, 'a-42.html.gz'))).toString()).toBe(page(42));
    expect(() => pool.add([{ path: join(dir, 'x.html') }])).toThrow(/finishing/);
  });

  it('fails with the error of a text that cannot be made, or of a file already there', async () => {
    const dir = join(scratch, 'pool-fail');
    mkdirSync(dir, { recursive: true });
    const pool = startCompressPool({ workers: 1 });
    pool.add([{ path: join(dir, 'bad.html'), text: () => { throw new Error('render failed'); } }]);
    await expect(pool.finish()).rejects.toThrow('render failed');
    writeFileSync(join(dir, 'taken.html'), 'linked');
    const again = startCompressPool({ workers: 1 });
    again.add([{ path: join(dir, 'taken.html'), text: page(1) }]);
    await expect(again.finish()).rejects.toThrow(/EEXIST/);
    expect(readFileSync(join(dir, 'taken.html'), 'utf8')).toBe('linked');
  });

  it('takes a million files in one add (a full build at 50,000 templates adds 300,000), making texts only as workers ask', async () => {
    const dir = join(scratch, 'pool-large');
    const pool = startCompressPool({ workers: 1 });
    let made = 0;
    const text = () => {
      made++;
      throw new Error('stop after the first text');
    };
    // A spread push overflowed the stack (past ~120,000 jobs on the main thread's stack, more on a
    // test worker's); here the first text stops the pool.
    expect(() => pool.add(new Array(1_000_000).fill({ path: join(dir, 'p.html'), text }))).not.toThrow();
    await expect(pool.finish()).rejects.toThrow('stop after the first text');
    expect(made).toBe(1);
  });
});
