import { describe, expect, it } from 'vitest';
import { compareNewestFirst, isNewestFirst, sortNewestFirst } from '../../../src/core/catalog/sort-newest-first.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { createSyntheticInput, readRepositoryInput } from '../../helpers/catalog-inputs.ts';
import * as reference from './reference/compare-newest-first.ts';

const ids = (templates: readonly Template[]) => templates.map((t) => t.id);
const sortByReference = (templates: readonly Template[]) => ids([...templates].sort(reference.compareNewestFirst));
const isNewestFirstByReference = (templates: readonly Template[]) => templates.every((t, i) => i === 0 || reference.compareNewestFirst(templates[i - 1]!, t) <= 0);

const base = readRepositoryInput().templates[0]!;
const catalogs = [readRepositoryInput(), createSyntheticInput({ count: 2000, seed: 1, vocabulary: 'small' })];

/** Same-instant dates written two ways, undated ones, titles that differ by case and accents only, and dates that are no dates. */
function listAwkward(withBadDates: boolean): Template[] {
  const titles = ['éclair', 'Eclair', 'eclair', 'Zebra', 'zebra', 'Ångström', 'apple', 'Apple', '10 tips', '9 tips', 'İstanbul', 'istanbul', 'a b', 'a-b', 'ab'];
  const dates = ['2024-05-01T10:00:00Z', '2024-05-01T12:00:00+02:00', null, undefined, '2023-12-31T23:59:59.999Z', '', ...(withBadDates ? ['not a date', '2024-13-45T99:00:00Z'] : [])];
  return titles.flatMap((title, i) => dates.map((publishedAt, j): Template => ({ ...base, id: `t-${i}-${j}`, title, publishedAt: publishedAt as Template['publishedAt'] })));
}

describe('sortNewestFirst', () => {
  it('orders the repository catalog and a synthetic one as the reference comparison does', () => {
    for (const input of catalogs) expect(ids(sortNewestFirst(input.templates)), input.name).toEqual(sortByReference(input.templates));
  });

  it('orders same-instant, undated, accented and unparsable dates as the reference comparison does, from any order', () => {
    for (const templates of [listAwkward(false), listAwkward(true)]) {
      for (const given of [templates, [...templates].reverse(), [...templates].sort((a, b) => (a.title < b.title ? -1 : 1))]) {
        expect(ids(sortNewestFirst(given))).toEqual(sortByReference(given));
      }
    }
  });
});

describe('compareNewestFirst', () => {
  it('answers every comparison as the reference does', () => {
    const templates = listAwkward(true);
    for (const a of templates) for (const b of templates) expect(Math.sign(compareNewestFirst(a, b)), `${a.id} ${b.id}`).toBe(Math.sign(reference.compareNewestFirst(a, b)));
  });
});

describe('isNewestFirst', () => {
  it('agrees with the reference comparison on sorted, reversed and shuffled catalogs', () => {
    for (const templates of [...catalogs.map((c) => c.templates), listAwkward(true)]) {
      const sorted = sortNewestFirst(templates);
      for (const given of [sorted, [...sorted].reverse(), templates]) expect(isNewestFirst(given)).toBe(isNewestFirstByReference(given));
    }
    expect(isNewestFirst(sortNewestFirst(catalogs[0]!.templates))).toBe(true);
  });
});
