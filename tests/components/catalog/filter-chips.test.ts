import { describe, expect, it } from 'vitest';
import { EMPTY_STATE } from '../../../src/components/catalog/catalog-state.ts';
import { describeFilterView } from '../../../src/components/catalog/filter-chips.ts';
import type { UnderstoodQuery } from '../../../src/schemas/responses.ts';

const categories = [{ id: 'product-launch', label: 'Product Launch' }];
/** What search answers for "free vertical launch under 20 seconds" (shape of the API's `understood`). */
const understood: UnderstoodQuery = {
  summary: 'free, vertical, under 20 s',
  filters: { tier: 'free', format: '9:16', durationSeconds: { below: 20 } },
  words: 'launch',
  phrases: [
    { text: 'free', filter: 'tier', start: 0, end: 4, label: 'free', filters: { tier: 'free' }, use: 'applied' },
    { text: 'vertical', filter: 'format', start: 5, end: 13, label: 'vertical', filters: { format: '9:16' }, use: 'applied' },
    { text: 'under 20 seconds', filter: 'durationSeconds', start: 21, end: 37, label: 'under 20 s', filters: { durationSeconds: { below: 20 } }, use: 'applied' },
  ],
};
const state = { ...EMPTY_STATE, q: 'free vertical launch under 20 seconds' };
const group = (key: string) => describeFilterView(state, understood, categories).groups.find((g) => g.key === key)!;

describe('describeFilterView', () => {
  it('selects the chips of the filters read from the words, and says which words', () => {
    expect(group('tier').chips.find((c) => c.selected)).toMatchObject({ value: 'free', readFrom: 'free' });
    expect(group('format').chips.find((c) => c.selected)).toMatchObject({ value: '9:16', readFrom: 'vertical' });
    expect(group('category').chips.find((c) => c.selected)).toMatchObject({ value: '' });
  });

  it('makes Any drop the reading: the same search without its words', () => {
    expect(group('tier').chips[0]).toMatchObject({ label: 'Any', selected: false, href: '/search?q=vertical+launch+under+20+seconds' });
    expect(group('format').chips[0]!.href).toBe('/search?q=free+launch+under+20+seconds');
  });

  it('gives a reading no group shows a chip of its own that drops it', () => {
    const view = describeFilterView(state, understood, categories);
    expect(view.readings).toEqual([{ group: 'Length', label: 'under 20 s', text: 'under 20 seconds', href: '/search?q=free+vertical+launch' }]);
    expect(view.active).toEqual(['Free', '9:16 vertical', 'under 20 s']);
  });

  it('lets a parameter win: the chip follows it, and Any clears the parameter', () => {
    const only = { ...understood, phrases: understood.phrases.slice(1) }; // "free" not read: tier=premium was given
    const tier = describeFilterView({ ...state, q: 'vertical launch under 20 seconds', tier: 'premium' }, { ...only, phrases: only.phrases.map((p) => ({ ...p, start: p.start - 5, end: p.end - 5 })) }, categories).groups.find((g) => g.key === 'tier')!;
    expect(tier.chips.find((c) => c.selected)).toMatchObject({ value: 'premium', readFrom: undefined });
    expect(tier.chips[0]!.href).toBe('/search?q=vertical+launch+under+20+seconds');
  });

  it('shows Any selected and nothing read when the words hold no filter', () => {
    const view = describeFilterView({ ...EMPTY_STATE, q: 'launch' }, undefined, categories);
    expect(view.groups.length).toBeGreaterThan(0);
    expect(view.groups.map((g) => g.chips.find((c) => c.selected)?.value)).toEqual(view.groups.map(() => ''));
    expect(view.active).toEqual([]);
  });
});

