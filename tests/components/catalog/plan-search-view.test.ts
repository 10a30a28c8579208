import { describe, expect, it } from 'vitest';
import { EMPTY_STATE } from '../../../src/components/catalog/catalog-state.ts';
import { describeMeaning, planSearchView, type SearchAnswerView } from '../../../src/components/catalog/plan-search-view.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const place = { pageSize: 24, home: false, headingEmpty: 'Newest first', categories: catalog.categories };
const [a, b] = catalog.templates;

describe('planSearchView', () => {
  it('says which words no template mentions, and what the templates shown are about', () => {
    const answer: SearchAnswerView = {
      total: 1,
      templates: [{ ...a!, matched: [{ word: 'sale', how: 'word', term: 'sale' }] }],
      unmatched: ['halloween'],
    };
    expect(planSearchView({ ...EMPTY_STATE, q: 'halloween sale' }, answer, place).unmatched).toBe('No template mentions halloween; showing templates about sale.');
  });

  it('says "related" when the templates are there by meaning only, and nothing when every word matched', () => {
    const byMeaning: SearchAnswerView = { total: 1, templates: [{ ...a!, matched: [{ word: 'bakery', how: 'meaning', term: 'food' }] }], unmatched: ['bakery'] };
    expect(planSearchView({ ...EMPTY_STATE, q: 'bakery' }, byMeaning, place).unmatched).toBe('No template mentions bakery; showing related templates.');
    expect(planSearchView({ ...EMPTY_STATE, q: 'x' }, { total: 0, templates: [], unmatched: ['x'] }, place).unmatched).toBe('No template mentions x.');
    expect(planSearchView({ ...EMPTY_STATE, q: 'sale' }, { total: 1, templates: [a!] }, place).unmatched).toBe('');
  });

  it('gives one heading per state and the same previous-page link past the end', () => {
    const view = planSearchView({ ...EMPTY_STATE, q: 'launch', page: 9 }, { total: 30, templates: [] }, place);
    expect([view.heading, view.resultsHeading]).toEqual(['Search templates', 'Search results']);
    expect(view.pager).toEqual({ pages: 2, hidden: false, prev: '/search?q=launch&page=2', next: '', label: 'Page 2 of 2' });
    expect(view.pastEnd?.href).toBe('/search?q=launch&page=2');
    const empty = planSearchView(EMPTY_STATE, { total: 2, templates: [a!, b!] }, place);
    expect([empty.heading, empty.resultsHeading]).toEqual(['All templates', 'Newest first']);
  });
});

describe('planSearchView sort chips', () => {
  it('selects the order given, else relevance with words; each chip links the same search in its order', () => {
    const state = { ...EMPTY_STATE, q: 'launch', sort: '' } as typeof EMPTY_STATE;
    const chips = planSearchView(state, { total: 0, templates: [] }, place).sort;
    expect(chips.map((c) => `${c.label}${c.selected ? '*' : ''}`)).toEqual(['Relevance*', 'Newest', 'Price', 'Duration']);
    const byPrice = planSearchView({ ...state, sort: 'price' } as typeof EMPTY_STATE, { total: 0, templates: [] }, place).sort;
    expect(byPrice.find((c) => c.selected)?.value).toBe('price');
  });
});

describe('describeMeaning', () => {
  it('names the words a card matched by meaning, and what they reached', () => {
    expect(describeMeaning([{ word: 'opening', how: 'meaning', term: 'launch' }, { word: 'sale', how: 'word', term: 'sale' }])).toBe('Related to opening (launch)');
    expect(describeMeaning([{ word: 'sale', how: 'word', term: 'sale' }])).toBe('');
  });
});
