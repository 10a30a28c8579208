import { describe, expect, it } from 'vitest';
import { buildSearchIndex, serializeSearchIndex } from '../../../src/core/search/search-index.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { createSyntheticInput, readRepositoryInput, type CatalogInput } from '../../helpers/catalog-inputs.ts';
import { compareNewestFirst } from '../catalog/reference/compare-newest-first.ts';
import * as reference from './reference/search-index.ts';

const inputs: CatalogInput[] = [
  readRepositoryInput(),
  createSyntheticInput({ count: 2000, seed: 1, vocabulary: 'small' }),
  createSyntheticInput({ count: 2000, seed: 1, vocabulary: 'realistic' }),
];

/** The first byte where two serialized indexes differ, or -1 (a clearer failure than a 100 KB diff). */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

const expectSameBytes = (templates: readonly Template[], synonyms = { groups: [] as string[][] }) => {
  const built = serializeSearchIndex(buildSearchIndex(templates, synonyms));
  const oracle = reference.serializeSearchIndex(reference.buildSearchIndex(templates, synonyms));
  expect(firstDifference(built, oracle)).toBe(-1);
};

describe('buildSearchIndex', () => {
  it.each(inputs.map((input) => [input.name, input] as const))('writes the reference build’s bytes for %s, newest first and in file order', (_, input) => {
    expectSameBytes([...input.templates].sort(compareNewestFirst), input.synonyms);
    expectSameBytes(input.templates, input.synonyms);
  });

  it('writes the reference build’s bytes for text outside plain ASCII, repeated words and empty fields', () => {
    const base = readRepositoryInput().templates[0]!;
    const texts = [
      'Café Crème — İstanbul  ÉTÉ sale',
      'tab\tseparated\u00a0no-break\u2003em space',
      'São-Paulo 日本語 naïve-façade what’s «quoted» ½-price',
      'ÀB-ÇD x-y-z ß ǅ ﬁ Ω',
      `${'launch '.repeat(300)}launch-day pre-order`,
      '!!! ... --- ::',
      'a\r\nb\nc\rd e',
    ];
    const templates = texts.map((text, i): Template => ({
      ...base,
      id: `edge-${i}`,
      slug: `edge-${i}`,
      title: text.slice(0, 40) || 'x',
      description: text,
      tags: i % 2 ? [text, 'launch'] : [],
      categoryLabel: i % 3 ? text : undefined,
      examples: i % 2 ? [] : [{ brand: text, format: '16:9', video: 'https://media.test/v.mp4', poster: 'https://catalog.test/p.svg' }],
    }));
    expectSameBytes(templates);
    expectSameBytes([]);
  });
});
