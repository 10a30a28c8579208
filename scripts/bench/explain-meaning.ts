/**
 * Prints why judged meaning queries miss: each query's rank, what ranked above its answer, and
 * the catalog words each of its words was related to (WordNet, as the build relates them).
 * Usage: node scripts/bench/explain-meaning.ts [all] [fresh]  (all: every query, not only the misses; fresh: the fifth round's set)
 */
import { createCatalog } from '../../src/core/catalog/catalog.ts';
import { sortNewestFirst } from '../../src/core/catalog/sort-newest-first.ts';
import { validateCatalog } from '../../src/core/catalog/validate-catalog.ts';
import { findByBaseForm } from '../../src/core/search/base-forms.ts';
import { buildSearchIndex, serializeSearchIndex } from '../../src/core/search/search-index.ts';
import { relateWords } from '../../src/core/search/relate-words.ts';
import { splitQueryWords } from '../../src/core/search/tokenize-text.ts';
import { readCatalogSources, readFilterWords, readSynonyms } from '../../src/site/load-site-catalog.ts';
import { readWordNet } from '../../src/site/read-wordnet.ts';
import { JUDGED_QUERIES } from '../../tests/search/judged-queries.ts';
import { CONSTRAINT_QUERIES } from '../../tests/search/judged-constraint-queries.ts';
import { FRESH_MEANING_QUERIES } from '../../tests/search/judged-meaning-fresh.ts';
import { LATER_MEANING_QUERIES } from '../../tests/search/judged-meaning-later.ts';
import { MEANING_QUERIES } from '../../tests/search/judged-meaning-queries.ts';
import { scoreRelevance } from '../../tests/search/score-relevance.ts';

const URLS = { siteUrl: 'http://localhost:4321', studioUrl: 'https://studio.example.com', mediaUrl: 'https://media.example.com' };
const { categories, files } = readCatalogSources('templates');
const valid = validateCatalog(categories, files, URLS);
const templates = sortNewestFirst(valid.entries.map((e) => e.template));
const db = readWordNet();
let t0 = performance.now();
const index = buildSearchIndex(templates, readSynonyms('templates'), (t) => relateWords(db, t));
console.log(`related ${index.related.size} words (${(serializeSearchIndex(index).byteLength / 1e3).toFixed(0)} KB index) in ${(performance.now() - t0).toFixed(0)} ms`);
t0 = performance.now();
const again = buildSearchIndex(templates, readSynonyms('templates'), (t) => relateWords(db, t));
console.log(`again in ${(performance.now() - t0).toFixed(0)} ms (${again.related.size})`);
const catalog = createCatalog(valid.categories, templates, index, readFilterWords('templates'));
const slugs = (q: string) => Array.from(catalog.answerSearch(q).positions, (p) => catalog.templates[p]!.slug);
const all = process.argv.includes('all');
// `fresh`: explain the fifth round's set (judged-meaning-fresh.ts) instead of the first.
const explained = process.argv.includes('fresh') ? FRESH_MEANING_QUERIES : MEANING_QUERIES;
const meaning = scoreRelevance(MEANING_QUERIES, slugs);
for (const o of scoreRelevance(explained, slugs).outcomes) {
  if (!all && o.rank >= 1 && o.rank <= 1) continue;
  const j = explained.find((m) => m.q === o.q)!;
  console.log(`\n${o.rank === 0 ? 'NONE' : `#${o.rank}`}  "${o.q}"  want ${j.answers.slice(0, 2).join(', ')}${j.answers.length > 2 ? '…' : ''}`);
  console.log(`   got: ${slugs(o.q).slice(0, Math.max(3, Math.min(o.rank - 1, 6))).join(', ')}`);
  for (const w of splitQueryWords(o.q)) {
    const [lemma, r] = findByBaseForm(w, (form) => {
      const entry = index.related.get(form);
      return entry && ([form, entry] as const);
    }) ?? [];
    console.log(`   ${w} (${lemma ?? '-'}): ${r ? r.map(([t, c]) => `${t} ${c}`).join(', ') : '-'}`);
  }
}
const r = scoreRelevance(JUDGED_QUERIES, slugs);
const c = scoreRelevance(CONSTRAINT_QUERIES, slugs);
const later = scoreRelevance(LATER_MEANING_QUERIES, slugs);
const fresh = scoreRelevance(FRESH_MEANING_QUERIES, slugs);
const none = FRESH_MEANING_QUERIES.filter((j) => slugs(j.q).length === 0).map((j) => j.q);
console.log(`\nfresh (${FRESH_MEANING_QUERIES.length}): success@5 ${fresh.successAt5.toFixed(3)} MRR ${fresh.mrr.toFixed(3)}; finding nothing: ${none.join(', ') || 'none'}`);
console.log(`\nmeaning (${MEANING_QUERIES.length}): success@5 ${meaning.successAt5.toFixed(3)} MRR ${meaning.mrr.toFixed(3)}; written after the tuning (${LATER_MEANING_QUERIES.length}): ${later.successAt5.toFixed(3)} ${later.mrr.toFixed(3)}`);
for (const o of later.outcomes) if (o.rank !== 1) console.log(`later #${o.rank || 'none'} "${o.q}": ${slugs(o.q).slice(0, 3).join(', ')}`);
console.log(`judged (${JUDGED_QUERIES.length}): success@5 ${r.successAt5.toFixed(3)} MRR ${r.mrr.toFixed(3)}; constraint (${CONSTRAINT_QUERIES.length}): ${c.successAt5.toFixed(3)} ${c.mrr.toFixed(3)}`);
for (const o of [...r.outcomes]) if (o.rank !== 1) console.log(`judged #${o.rank || 'none'} "${o.q}": ${slugs(o.q).slice(0, 3).join(', ')}`);
