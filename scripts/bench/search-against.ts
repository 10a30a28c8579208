/**
 * Cold search throughput of this checkout against another's (e.g. the main branch) in one
 * process, over the same index, filter words and query pool, in alternating rounds: what a
 * change to the query path costs, measured in the same run. "ours, explained" also computes
 * what an answer shows (`matched` for its first page of 10, `unmatched` over every match).
 * Usage: node scripts/bench/search-against.ts <other checkout> [templates, default 10000]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { sortNewestFirst } from '../../src/core/catalog/sort-newest-first.ts';
import { validateCatalog } from '../../src/core/catalog/validate-catalog.ts';
import { createQuerySearch } from '../../src/core/search/create-query-search.ts';
import { relateWords } from '../../src/core/search/relate-words.ts';
import { buildSearchIndex, loadSearchIndex, serializeSearchIndex } from '../../src/core/search/search-index.ts';
import { collectTopicalPairs } from '../../src/core/search/topical-pairs.ts';
import { readCatalogSources, readFilterWords, readSynonyms } from '../../src/site/load-site-catalog.ts';
import { readWordNet } from '../../src/site/read-wordnet.ts';
import { buildRealisticQueryPool } from './search-queries.ts';

const other = resolve(process.argv[2] ?? '');
const count = Number(process.argv[3] ?? 10_000);
if (!existsSync(`${other}/src/core/search/create-query-search.ts`)) throw new Error('usage: node scripts/bench/search-against.ts <other checkout> [templates]');
const { createQuerySearch: createOtherSearch } = (await import(`${other}/src/core/search/create-query-search.ts`)) as { createQuerySearch: typeof createQuerySearch };

const dir = `/tmp/search-against-${count}`;
if (!existsSync(`${dir}/_filter-words.json`)) execFileSync(process.execPath, ['scripts/generate-catalog.ts', '--count', String(count), '--out', dir, '--vocabulary', 'realistic'], { stdio: 'ignore' });
const { categories, files } = readCatalogSources(dir);
const urls = { siteUrl: 'http://localhost:4321', studioUrl: 'https://studio.example.com', mediaUrl: 'https://media.example.com' };
const templates = sortNewestFirst(validateCatalog(categories, files, urls).entries.map((e) => e.template));
const index = loadSearchIndex(serializeSearchIndex(buildSearchIndex(templates, readSynonyms(dir), (t) => relateWords(readWordNet(), t))));
// This checkout's filter words for both: the comparison is of the query path, not of the words read.
const filterWords = readFilterWords('templates');
const words = { filterWords, topicalPairs: collectTopicalPairs(index, templates, filterWords) };
const theirs = createOtherSearch(index, templates, words, { rememberQueries: false });
const ours = createQuerySearch(index, templates, words, { rememberQueries: false });
const explained = (q: string) => {
  const answer = ours(q);
  for (const p of answer.positions.subarray(0, 10)) answer.explain.listMatches(p);
  return answer.explain.listUnmatched(answer.positions);
};
const engines: [string, (q: string) => unknown][] = [['other', theirs], ['ours', ours], ['ours, explained', explained]];
const pool = buildRealisticQueryPool(50_000);
const rounds = 5;
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const best = engines.map(() => 0);
const cursors = engines.map(() => 0);
for (const [, search] of engines) for (let i = 0; i < 2000; i++) search(pool[pool.length - 1 - i]!);
for (let round = 0; round < rounds; round++) {
  engines.forEach(([, search], e) => {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < (seconds * 1000) / rounds) search(pool[(cursors[e]! + n++) % pool.length]!);
    cursors[e]! += n;
    best[e] = Math.max(best[e]!, n / ((performance.now() - t0) / 1000));
  });
}
console.log(`cold q/s, ${count} templates, best of ${rounds} alternating rounds, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}:`);
engines.forEach(([name], e) => console.log(`  ${name}: ${best[e]!.toFixed(0)} (${((best[e]! / best[0]!) * 100).toFixed(1)} % of other)`));
