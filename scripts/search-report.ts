/**
 * What searches did not find, from access logs: the words no template matched (most asked
 * first) and the searches that found nothing, so synonyms (templates/_synonyms.json) and filter
 * words (templates/_filter-words.json) can be added where people need them. Reads the request
 * lines' `search` field (total, unmatched: plain words only, see src/core/search/search-note.ts);
 * other lines are skipped. Usage: npm run search-report -- <log files> [--top N]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readSearchNote } from '../src/core/search/search-note.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '20' } } });
const top = Number(values.top);
if (!positionals.length || !Number.isInteger(top) || top < 1) {
  console.error('usage: npm run search-report -- <log files> [--top N]');
  process.exit(2);
}
const words = new Map<string, number>();
const empty = new Map<string, number>();
let searches = 0;
for (const file of positionals) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"search":')) continue;
    let search: unknown;
    try {
      search = (JSON.parse(line) as { search?: { total?: unknown; unmatched?: unknown } }).search;
    } catch {
      continue;
    }
    const s = search as { total?: unknown; unmatched?: unknown } | undefined;
    const note = readSearchNote(`${s?.total};${Array.isArray(s?.unmatched) ? s.unmatched.join(' ') : ''}`);
    if (!note) continue;
    searches++;
    for (const w of note.unmatched) words.set(w, (words.get(w) ?? 0) + 1);
    if (note.total === 0) {
      const key = note.unmatched.join(' ') || '(no plain words)';
      empty.set(key, (empty.get(key) ?? 0) + 1);
    }
  }
}
const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top);
console.log(`${searches} searches with words not found in ${positionals.length} file${positionals.length === 1 ? '' : 's'}.\n`);
console.log(`Top unmatched words (add a synonym or a filter word where one is meant):`);
for (const [w, n] of ranked(words)) console.log(`  ${String(n).padStart(6)}  ${w}`);
console.log(`\nSearches that found nothing (their words not found):`);
for (const [q, n] of ranked(empty)) console.log(`  ${String(n).padStart(6)}  ${q}`);
