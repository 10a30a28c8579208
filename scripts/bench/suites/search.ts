import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { sortNewestFirst } from '../../../src/core/catalog/sort-newest-first.ts';
import { validateCatalog } from '../../../src/core/catalog/validate-catalog.ts';
import { createQuerySearch } from '../../../src/core/search/create-query-search.ts';
import { collectTopicalPairs } from '../../../src/core/search/topical-pairs.ts';
import { buildSearchIndex, loadSearchIndex, serializeSearchIndex } from '../../../src/core/search/search-index.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { readCatalogSources, readFilterWords, readSynonyms } from '../../../src/site/load-site-catalog.ts';
import { relateWords } from '../../../src/core/search/relate-words.ts';
import { readWordNet } from '../../../src/site/read-wordnet.ts';
import { JUDGED_QUERIES } from '../../../tests/search/judged-queries.ts';
import { LATER_MEANING_QUERIES } from '../../../tests/search/judged-meaning-later.ts';
import { MEANING_QUERIES } from '../../../tests/search/judged-meaning-queries.ts';
import { scoreRelevance } from '../../../tests/search/score-relevance.ts';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { runLoad } from '../load.ts';
import { createFlexSearchPeer, createMiniSearchPeer, type PeerSearch } from '../search-peers.ts';
import { buildRealisticQueryPool } from '../search-queries.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const COUNT = Number(process.env.BENCH_SEARCH_TEMPLATES ?? 10_000);
const URLS = { siteUrl: 'http://localhost:4321', studioUrl: 'https://studio.example.com', mediaUrl: 'https://media.example.com' };
const ms = (t0: number) => performance.now() - t0;

/** The catalog in `dir`, validated and sorted as the build does, with its synonyms. */
function readTemplates(dir: string): { templates: Template[]; categories: ReturnType<typeof validateCatalog>['categories'] } {
  const { categories, files } = readCatalogSources(dir);
  const valid = validateCatalog(categories, files, URLS);
  return { templates: sortNewestFirst(valid.entries.map((e) => e.template)), categories: valid.categories };
}

/** A realistic synthetic catalog of `count` templates in /tmp (written once). */
export function ensureRealisticCatalog(count: number): string {
  const dir = join('/tmp', `catalog-realistic-${count}`);
  if (!existsSync(join(dir, '_filter-words.json')) || readdirSync(dir).length !== count + 3) {
    execFileSync(process.execPath, ['scripts/generate-catalog.ts', '--count', String(count), '--out', dir, '--vocabulary', 'realistic'], { stdio: 'ignore' });
  }
  return dir;
}

const ROUNDS = 5;

/**
 * Queries per second of each engine over the same `pool`, in ROUNDS alternating rounds (each
 * engine SECONDS / ROUNDS per round, resuming where it stopped); each keeps its best round, so
 * a burst of other load on the shared cores does not decide a comparison.
 */
function measureRates(engines: readonly ((q: string) => unknown)[], pool: readonly string[]): number[] {
  const best = engines.map(() => 0);
  const cursors = engines.map(() => 0);
  for (const search of engines) for (let i = pool.length - 1, t0 = performance.now(); ms(t0) < 500; i--) search(pool[i]!); // warm-up, other queries
  for (let round = 0; round < ROUNDS; round++) {
    engines.forEach((search, e) => {
      let n = 0;
      const t0 = performance.now();
      while (ms(t0) < (SECONDS * 1000) / ROUNDS) search(pool[(cursors[e]! + n++) % pool.length]!);
      cursors[e] = cursors[e]! + n;
      best[e] = Math.max(best[e]!, n / (ms(t0) / 1000));
    });
  }
  return best;
}

/** success@5 and MRR of each engine on the judged set over the sample catalog. */
function reportRelevance(): string[] {
  const { templates, categories } = readTemplates('templates');
  // As the build makes it: with the words related by meaning (WordNet).
  const catalog = createCatalog(categories, templates, buildSearchIndex(templates, readSynonyms('templates'), (t) => relateWords(readWordNet(), t)), readFilterWords('templates'));
  const slug = new Map(templates.map((t) => [t.id, t.slug]));
  const engines: PeerSearch[] = [
    { name: 'ours', search: (q) => Array.from(catalog.answerSearch(q).positions, (p) => catalog.templates[p]!.id) },
    createMiniSearchPeer(templates),
    createFlexSearchPeer(templates, false),
    createFlexSearchPeer(templates, true),
  ];
  return engines.map((e) => {
    const r = scoreRelevance(JUDGED_QUERIES, (q) => e.search(q).map((id) => slug.get(id)!));
    const meaning = scoreRelevance(MEANING_QUERIES, (q) => e.search(q).map((id) => slug.get(id)!));
    const later = scoreRelevance(LATER_MEANING_QUERIES, (q) => e.search(q).map((id) => slug.get(id)!));
    const empty = r.outcomes.filter((o) => o.returned === 0).length;
    return `| ${e.name} | ${r.successAt5.toFixed(3)} | ${r.mrr.toFixed(3)} | ${empty} | ${meaning.successAt5.toFixed(3)} | ${meaning.mrr.toFixed(3)} | ${later.successAt5.toFixed(3)} / ${later.mrr.toFixed(3)} |`;
  });
}

/** Milliseconds to load `file` in a fresh process (scripts/bench/load-index.ts), best of three. */
function timeLoad(kind: 'ours' | 'minisearch', file: string, templatesFile: string): number {
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['scripts/bench/load-index.ts', kind, file, templatesFile], { encoding: 'utf8' }).trim()));
  return Math.min(...runs);
}

/** Index size and load time (fresh processes), ours against MiniSearch's JSON (the format before), same templates. */
function reportIndex(templates: readonly Template[], dir: string): string[] {
  let t0 = performance.now();
  const plain = serializeSearchIndex(buildSearchIndex(templates, readSynonyms(dir)));
  const plainBuild = ms(t0);
  const wordnet = readWordNet();
  t0 = performance.now();
  const ours = serializeSearchIndex(buildSearchIndex(templates, readSynonyms(dir), (t) => relateWords(wordnet, t)));
  const oursBuild = ms(t0);
  t0 = performance.now();
  const mini = JSON.stringify(createMiniSearchPeer(templates).index);
  const miniBuild = ms(t0);
  const tmp = mkdtempSync(join(tmpdir(), 'search-index-'));
  try {
    const files = { ours: join(tmp, 'ours.bin'), plain: join(tmp, 'plain.bin'), mini: join(tmp, 'mini.json'), templates: join(tmp, 'templates.json') };
    writeFileSync(files.ours, ours);
    writeFileSync(files.plain, plain);
    writeFileSync(files.mini, mini);
    const filterWords = readFilterWords(dir);
    writeFileSync(files.templates, JSON.stringify({ templates, filterWords, topicalPairs: collectTopicalPairs(buildSearchIndex(templates, readSynonyms(dir)), templates, filterWords) }));
    const oursLoad = timeLoad('ours', files.ours, files.templates);
    const plainLoad = timeLoad('ours', files.plain, files.templates);
    const miniLoad = timeLoad('minisearch', files.mini, files.templates);
    const mb = (s: string | Uint8Array) => ((typeof s === 'string' ? Buffer.byteLength(s) : s.byteLength) / 1e6).toFixed(1);
    return [
      `| ours, with words related by meaning (WordNet read once: build ms excludes it) | ${mb(ours)} | ${oursBuild.toFixed(0)} | ${oursLoad.toFixed(0)} |`,
      `| ours, without (as before) | ${mb(plain)} | ${plainBuild.toFixed(0)} | ${plainLoad.toFixed(0)} |`,
      `| MiniSearch JSON (before) | ${mb(mini)} | ${miniBuild.toFixed(0)} | ${miniLoad.toFixed(0)} |`,
      `| ratio ours / before | ${(ours.byteLength / Buffer.byteLength(mini)).toFixed(2)} | – | ${(oursLoad / miniLoad).toFixed(2)} |`,
    ];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Served distinct queries at 8 connections (opt-in: BENCH_SEARCH_SERVED=1; builds the catalog first). */
async function reportServed(dir: string, pool: readonly string[]): Promise<string> {
  const dist = `dist-bench-search-${COUNT}`;
  ensureBuild(dir, dist);
  const server = await spawnServer({ REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent', DIST_DIR: dist });
  try {
    let i = 0;
    const next = () => `/api/v1/templates?q=${encodeURIComponent(pool[i++ % pool.length]!)}&limit=10`;
    await runLoad(server.url, { path: next() }, { seconds: 1, connections: 8, next });
    const r = await runLoad(server.url, { path: next() }, { seconds: SECONDS, connections: 8, next });
    const goal = COUNT <= 10_000 ? 25 : 50;
    return `Served, ${COUNT.toLocaleString('en')} templates, 8 connections, distinct queries from the same pool: **${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms** (goal p99 < ${goal} ms), errors ${r.errors + r.non2xx}.`;
  } finally {
    await server.stop();
  }
}

/** Runs the search suite: relevance of every engine, index size and load, q/s against peers. */
export async function runSearchSuite(): Promise<string> {
  const relevance = reportRelevance();
  const dir = ensureRealisticCatalog(COUNT);
  const { templates } = readTemplates(dir);
  const index = loadSearchIndex(serializeSearchIndex(buildSearchIndex(templates, readSynonyms(dir), (t) => relateWords(readWordNet(), t))));
  const before = loadSearchIndex(serializeSearchIndex(buildSearchIndex(templates, readSynonyms(dir))));
  const pool = buildRealisticQueryPool(50_000);
  const filterWords = readFilterWords(dir);
  // As the server has them: collected by the build (catalog.json), not at load.
  const words = { filterWords, topicalPairs: collectTopicalPairs(index, templates, filterWords) };
  const warm = createQuerySearch(index, templates, words);
  const cold = createQuerySearch(index, templates, words, { rememberQueries: false });
  // The baseline in the same run: the same search over the index without words related by meaning.
  const coldBefore = createQuerySearch(before, templates, words, { rememberQueries: false });
  const peers = [createMiniSearchPeer(templates), createFlexSearchPeer(templates, false), createFlexSearchPeer(templates, true)];
  const rates = measureRates([warm, cold, coldBefore, ...peers.map((p) => p.search)], pool);
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
  const { stats } = warm.words;
  const readings = pool.map((q) => cold(q).reading);
  const found = readings.filter((r) => r?.constraints.length).length;
  const applied = readings.filter((r) => r?.constraints.some((c) => c.use === 'applied')).length;
  const rows = [
    `| ours (memos on) | ${rates[0]!.toFixed(0)} | queries ${pct(stats.memoHits, stats.queries)}, words ${pct(stats.wordMemoHits, stats.words)} |`,
    `| ours, cold (memos off: every word planned and collected afresh) | ${rates[1]!.toFixed(0)} | 0 % |`,
    `| ours, cold, index without words related by meaning (baseline) | ${rates[2]!.toFixed(0)} | 0 % (cold ratio ${pct(rates[1]!, rates[2]!)}) |`,
    ...peers.map((p, i) => `| ${p.name} | ${rates[i + 3]!.toFixed(0)} | – |`),
  ];
  const vocabulary = new Set(pool.join(' ').split(' ')).size;
  return [
    `Relevance on the judged set (tests/search, ${JUDGED_QUERIES.length} queries, sample catalog):`,
    '',
    `| engine | success@5 | MRR | queries answered with nothing | meaning set success@5 (${MEANING_QUERIES.length}) | meaning set MRR | written after the tuning (${LATER_MEANING_QUERIES.length}): success@5 / MRR |`,
    '|---|---|---|---|---|---|---|',
    ...relevance,
    '',
    `Index at ${COUNT.toLocaleString('en')} realistic templates (generate-catalog --vocabulary realistic):`,
    '',
    '| index | MB | build ms | load ms (fresh process, best of 3: read, parse, ready to search) |',
    '|---|---|---|---|',
    ...reportIndex(templates, dir),
    '',
    `In process, one thread, ${COUNT.toLocaleString('en')} templates, best of ${ROUNDS} alternating rounds (${SECONDS} s per engine in all) over the same pool of ${pool.length.toLocaleString('en')} queries (${new Set(pool).size.toLocaleString('en')} distinct, ${vocabulary.toLocaleString('en')} distinct words; typos, prefixes, sentences). Ours reads the constraints in each query, then ranks every match; the peers return their own default page:`,
    '',
    '| engine | q/s | memo hit rate |',
    '|---|---|---|',
    ...rows,
    '',
    `Constraints in the pool: found in ${pct(found, pool.length)} of the queries, read as filters in ${pct(applied, pool.length)} (the rest kept as words: the catalog has them in titles or tags).`,
    '',
    process.env.BENCH_SEARCH_SERVED === '1' ? await reportServed(dir, pool) : 'Served figures: run with BENCH_SEARCH_SERVED=1 (builds the catalog with Astro first; BENCH_SEARCH_TEMPLATES=50000 for the large one).',
  ].join('\n');
}
