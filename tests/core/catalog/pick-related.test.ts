import { describe, expect, it } from 'vitest';
import { listRelated, pickRelated } from '../../../src/core/catalog/pick-related.ts';
import type { Template } from '../../../src/schemas/template.ts';

const make = (n: number, category = 'event') => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, category }) as Template);
const ids = (list: readonly Template[]) => list.map((t) => t.id);

describe('pickRelated', () => {
  const group = make(8);

  it('shows the templates published just before and after, never the template itself', () => {
    expect(ids(pickRelated(group, group[4]!))).toEqual(['t3', 't5', 't6']);
    expect(ids(pickRelated(group, group[0]!))).toEqual(['t1', 't2', 't3']);
    expect(ids(pickRelated(group, group[7]!))).toEqual(['t4', 't5', 't6']);
  });

  it('shows every other template of a small category', () => {
    const small = make(3);
    expect(ids(pickRelated(small, small[1]!))).toEqual(['t0', 't2']);
    expect(pickRelated(make(1), make(1)[0]!)).toEqual([]);
  });

  it('takes the position from the caller or finds it by id, with the same answer', () => {
    for (const [at, t] of group.entries()) expect(pickRelated(group, t, 3, at)).toEqual(pickRelated(group, { ...t }));
  });
});

describe('listRelated', () => {
  it('gives each template the neighbours of its own category', () => {
    const templates = [...make(5, 'event'), ...make(2, 'hiring').map((t) => ({ ...t, id: `h-${t.id}` }))];
    const related = listRelated(templates);
    expect(ids(related.get(templates[2]!)!)).toEqual(['t1', 't3', 't4']);
    expect(ids(related.get(templates[5]!)!)).toEqual(['h-t1']);
  });
});
