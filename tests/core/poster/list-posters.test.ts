import { describe, expect, it } from 'vitest';
import { buildPosterUrl } from '../../../src/core/catalog/derive-template.ts';
import { listPosters } from '../../../src/core/poster/list-posters.ts';
import { loadFixtureCatalog } from '../markdown/fixture-templates.ts';

describe('listPosters', () => {
  const { entries } = loadFixtureCatalog();

  it('names a poster per template and per example, as the template URLs say', () => {
    const names = listPosters(entries).map((p) => `https://catalog.example.org/posters/${p.name}.svg`);
    const expected = entries.flatMap((e) => [e.template.poster, ...(e.template.examples ?? []).map((x) => x.poster)]);
    expect(names.sort()).toEqual(expected.sort());
    expect(names).toContain(buildPosterUrl('https://catalog.example.org', 'neon-countdown-launch', 0));
  });

  it('gives an example poster its brand and format', () => {
    const example = listPosters(entries).find((p) => p.name === 'neon-countdown-launch-1');
    expect(example?.input).toMatchObject({ brand: 'Lumen Audio', formats: ['16:9'], palette: ['#0b1020', '#22d3ee', '#f8fafc'] });
  });

  it('refuses two posters with the same name', () => {
    const [first] = entries;
    // An entry's template is derived from its data: both name the clashing slug.
    const clash = { ...first!, data: { ...first!.data, slug: 'neon-countdown-launch-1', examples: [] }, template: { ...first!.template, slug: 'neon-countdown-launch-1', examples: [] } };
    expect(() => listPosters([first!, clash])).toThrow(/neon-countdown-launch-1\.svg is claimed by both/);
  });
});
