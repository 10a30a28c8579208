import { describe, expect, it } from 'vitest';
import { findByBaseForm, listWordForms } from '../../../src/core/search/base-forms.ts';

const partsOf = (word: string, form: string) => listWordForms(word).filter((f) => f.form === form).map((f) => f.parts).join('');

describe('listWordForms', () => {
  it('gives the word itself first, as any part of speech', () => {
    expect(listWordForms('concert')[0]).toEqual({ form: 'concert', parts: 'nvar' });
  });

  it('reads -est as an adjective, -ing and -ed as a verb, -s as a noun or a verb', () => {
    expect(partsOf('warmest', 'warm')).toBe('a');
    expect(partsOf('jogging', 'jogg')).toBe('v');
    expect(partsOf('launched', 'launch')).toBe('v');
    expect(partsOf('launches', 'launch')).toBe('nv');
    expect(partsOf('parties', 'party')).toBe('nv');
  });

  it('reads -er as a comparative or an agent: warmer is warm, explainer is explain', () => {
    expect(partsOf('warmer', 'warm')).toContain('a');
    expect(partsOf('explainer', 'explain')).toContain('v');
  });

  it('leaves short words and -ss alone: bed, red, glass', () => {
    expect(listWordForms('bed')).toHaveLength(1);
    expect(listWordForms('red')).toHaveLength(1);
    expect(listWordForms('glass').map((f) => f.form)).not.toContain('glas');
  });
});

describe('findByBaseForm', () => {
  it('finds the word itself when it is known, else its first known form', () => {
    const known = new Set(['concert', 'concerted', 'launch', 'jogging']);
    const find = (word: string) => findByBaseForm(word, (f) => (known.has(f) ? f : undefined));
    expect(find('concert')).toBe('concert');
    expect(find('concerts')).toBe('concert');
    expect(find('jogging')).toBe('jogging');
    expect(find('launches')).toBe('launch');
  });
});
