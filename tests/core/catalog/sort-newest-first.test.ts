import { describe, expect, it } from 'vitest';
import { compareNewestFirst } from '../../../src/core/catalog/catalog.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { createSyntheticInput, readRepositoryInput } from '../../helpers/catalog-inputs.ts';
import * as reference from './reference/compare-newest-first.ts';

const sortByReference = (templates: readonly Template[]) => [...templates].sort(reference.compareNewestFirst).map((t) => t.id);

describe('compareNewestFirst', () => {
  it('orders the repository catalog and synthetic ones as the reference comparison does', () => {
    for (const input of [readRepositoryInput(), createSyntheticInput({ count: 2000, seed: 3, vocabulary: 'small' })]) {
      expect([...input.templates].sort(compareNewestFirst).map((t) => t.id), input.name).toEqual(sortByReference(input.templates));
    }
  });

  it('orders same-day, undated and accented titles as the reference comparison does', () => {
    const base = readRepositoryInput().templates[0]!;
    const titles = ['éclair', 'Eclair', 'eclair', 'Zebra', 'zebra', 'Ångström', 'apple', 'Apple', '10 tips', '9 tips', 'İstanbul', 'istanbul', '', 'a b', 'a-b', 'ab'];
    const dates = ['2024-05-01T10:00:00Z', '2024-05-01T12:00:00+02:00', null, undefined, '2023-12-31T23:59:59.999Z', ''];
    const templates = titles.flatMap((title, i) =>
      dates.map((publishedAt, j): Template => ({ ...base, id: `t-${i}-${j}`, title, publishedAt: publishedAt as Template['publishedAt'] })),
    );
    expect([...templates].sort(compareNewestFirst).map((t) => t.id)).toEqual(sortByReference(templates));
    expect([...templates].reverse().sort(compareNewestFirst).map((t) => t.id)).toEqual(sortByReference([...templates].reverse()));
  });
});
