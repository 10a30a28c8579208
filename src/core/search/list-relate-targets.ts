import type { SynonymsFile } from '../../schemas/synonyms.ts';
import type { Template } from '../../schemas/template.ts';
import type { RelateTarget, RelatedWords } from './relate-words.ts';
import { stemWord } from './stem-word.ts';
import { tokenizeText } from './tokenize-text.ts';
import { STOP_WORDS } from './tokenize-text.ts';

const WORD_BREAK = /[^a-z]+/;
/** Context words kept per target: its commonest neighbours are enough to tell its senses apart. */
const CONTEXT_KEPT = 20;
/** Targets kept, the commonest words first: relating costs with their number (a few seconds per thousand). */
const TARGETS_KEPT = 1_000;

/**
 * The catalog words search by meaning relates everyday words to: the words of titles and tags
 * (what templates are about) and of the synonym groups, each with the words around it there and
 * in its templates' descriptions, commonest first.
 */
export function listRelateTargets(templates: readonly Template[], synonyms: SynonymsFile): RelateTarget[] {
  const beside = new Map<string, Map<string, number>>();
  // A synonym group is a context too: stopwatch → timer reaches countdown through it.
  const split = (text: string) => new Set(text.toLowerCase().split(WORD_BREAK).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)));
  const texts = [...templates.map((t) => [`${t.title} ${(t.tags ?? []).join(' ')}`, t.description] as const), ...synonyms.groups.map((g) => [g.join(' '), ''] as const)];
  for (const [named, described] of texts) {
    const words = split(named);
    // The description tells a word's sense too (a lookbook's "fashion" is clothing), without being a target.
    const around = [...words, ...split(described)];
    for (const w of words) {
      let counts = beside.get(w);
      if (!counts) beside.set(w, (counts = new Map()));
      for (const other of around) if (other !== w) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
  }
  const kept = [...beside.keys()].sort((a, b) => beside.get(b)!.size - beside.get(a)!.size || (a < b ? -1 : 1)).slice(0, TARGETS_KEPT);
  return kept.sort().map((word) => ({
    word,
    context: [...beside.get(word)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, CONTEXT_KEPT).map(([w]) => w),
  }));
}

/**
 * The related words a search needs: those of words no title, tag or synonym group has (by
 * stem). A word a template is named or tagged with finds it directly; widening it by meaning
 * (a query of that word alone) would only add noise and work, and the entry bytes. Relating
 * caps its targets (TARGETS_KEPT), so without this a large catalog's own words were related.
 */
export function dropNamedWords(related: RelatedWords, templates: readonly Template[], synonyms: SynonymsFile): RelatedWords {
  const named = new Set<string>();
  for (const t of templates) for (const w of tokenizeText(`${t.title} ${(t.tags ?? []).join(' ')}`)) named.add(stemWord(w));
  for (const group of synonyms.groups) for (const w of group) named.add(stemWord(w));
  return new Map([...related].filter(([word]) => !named.has(stemWord(word))));
}
