import { describe, expect, it } from 'vitest';
import { countSegments, planSegments, selectSegment } from '../../src/publish/manifest-segments.ts';

const entries = Array.from({ length: 40 }, (_, i) => ({ path: `/templates/t${i}`, key: `k${i}`, file: `templates/t${i}.html` }));
const templates = new Map(Array.from({ length: 10 }, (_, i) => [`tpl-${i}`, `d${i}`]));

describe('countSegments', () => {
  it('is a power of two that grows with the records, about 2,048 a segment', () => {
    expect(countSegments(0)).toBe(1);
    expect(countSegments(2048)).toBe(1);
    expect(countSegments(2049)).toBe(2);
    expect(countSegments(70_000)).toBe(64);
  });
});

describe('planSegments', () => {
  it('puts each output and template in the segment of its name, sorted', () => {
    const segments = planSegments(entries, templates, 4);
    expect(segments.flatMap((s) => s.keyed)).toHaveLength(40);
    segments.forEach((s, n) => {
      for (const e of s.keyed) expect(selectSegment(e.path, 4)).toBe(n);
      for (const [id] of s.templates) expect(selectSegment(id, 4)).toBe(n);
      expect(s.keyed.map((e) => e.path)).toEqual(s.keyed.map((e) => e.path).sort());
    });
  });

  it('changes the digest of exactly the segment whose key changed, whatever the input order', () => {
    const before = planSegments(entries, templates, 4);
    const edited = entries.map((e) => (e.path === '/templates/t7' ? { ...e, key: 'k7-new' } : e)).reverse();
    const after = planSegments(edited, templates, 4);
    const changed = after.flatMap((s, n) => (s.digest === before[n]!.digest ? [] : [n]));
    expect(changed).toEqual([selectSegment('/templates/t7', 4)]);
    const template = planSegments(entries, new Map([...templates, ['tpl-3', 'd3-new']]), 4);
    expect(template.flatMap((s, n) => (s.digest === before[n]!.digest ? [] : [n]))).toEqual([selectSegment('tpl-3', 4)]);
  });
});
