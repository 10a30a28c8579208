import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeManifestHead, writeManifestSegment } from '../../src/publish/build-manifest.ts';
import { countSegments, planSegments, type KeyedEntry } from '../../src/publish/manifest-segments.ts';
import { selectRenders } from '../../src/publish/select-renders.ts';

const scratch = mkdtempSync(join(tmpdir(), 'select-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const entry = (slug: string, key = `${slug}@1`): KeyedEntry => ({ path: `/templates/${slug}`, key, file: `templates/${slug}.html` });
const slugs = Array.from({ length: 3000 }, (_, i) => `t${i}`);
const templates = new Map(slugs.map((s) => [`id-${s}`, `d-${s}`]));

/** A source build whose manifest holds `entries` (each file hashed as its key). */
function writeSource(name: string, entries: KeyedEntry[]) {
  const dir = join(scratch, name);
  const of = countSegments(entries.length + templates.size);
  const segments = planSegments(entries, templates, of);
  segments.forEach((s, n) => writeManifestSegment(dir, n, of, { digest: s.digest, keyed: s.keyed.map((e) => ({ ...e, hash: e.key, size: 1, br: 0, gz: 0 })), templates: s.templates }));
  const head = { build: name, segments: segments.map((s) => s.digest), files: new Map() };
  writeManifestHead(dir, head);
  return { dir, head };
}

describe('selectRenders', () => {
  const before = slugs.map((s) => entry(s));
  const source = writeSource('b1', before);

  it('renders everything without a source build', () => {
    expect(selectRenders(before, templates).render.size).toBe(3000);
  });

  it('renders only the outputs whose key changed, reading only the segments that hold them', () => {
    const after = before.map((e) => (e.path === '/templates/t42' ? entry('t42', 't42@2') : e));
    const sel = selectRenders(after, templates, source);
    expect([...sel.render]).toEqual(['/templates/t42']);
    expect(sel.changed.size).toBe(1);
    expect(sel.previous.size).toBeLessThan(3000 / 2);
    expect(sel.removed).toEqual([]);
  });

  it('renders what is new and names what is gone, with the source record to remove', () => {
    const after = [...before.filter((e) => e.path !== '/templates/t7'), entry('new-one')];
    const sel = selectRenders(after, templates, source);
    expect([...sel.render]).toEqual(['/templates/new-one']);
    expect(sel.removed.map((r) => [r.path, r.file, r.hash])).toEqual([['/templates/t7', 'templates/t7.html', 't7@1']]);
  });

  it('compares everything once when the segment count changed', () => {
    const grown = [...before, ...Array.from({ length: 2000 }, (_, i) => entry(`more-${i}`))];
    const sel = selectRenders(grown, templates, source);
    expect(sel.changed.size).toBe(sel.digests.length);
    expect(sel.previous.size).toBe(3000);
    expect(sel.render.size).toBe(2000);
  });
});
