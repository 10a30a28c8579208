/**
 * What scripts/bench/index-steps.ts times: a source tree's indexing functions (the worktree's or
 * an older commit's, extracted beside it), the catalog they read, and the publish's steps in
 * order, each with the part of its output both trees must agree on.
 */
import { hash } from 'node:crypto';
import { readCatalogSources, readFilterWords, readSynonyms } from '../../src/site/load-site-catalog.ts';
import { validateCatalog } from '../../src/core/catalog/validate-catalog.ts';
import type { Template } from '../../src/schemas/template.ts';

/** One tree's functions, imported from its own files (a tree from before sort-newest-first.ts sorts with its comparison). */
export async function loadTree(root: string) {
  const url = (path: string, copy = '') => new URL(`${path}${copy}`, `file://${root.replace(/\/?$/, '/')}`).href;
  const catalog = await import(url('src/core/catalog/catalog.ts'));
  const index = await import(url('src/core/search/search-index.ts'));
  const { collectTopicalPairs } = await import(url('src/core/search/topical-pairs.ts'));
  const sorting = await import(url('src/core/catalog/sort-newest-first.ts')).catch(() => undefined);
  const compare = sorting?.compareNewestFirst ?? catalog.compareNewestFirst;
  // Two instances of the digest module, as a build has (the Astro config's and the prerender bundle's).
  const digests = [await import(url('src/core/catalog/digest-template.ts', '?config')), await import(url('src/core/catalog/digest-template.ts', '?prerender'))];
  return {
    sort: (t: readonly Template[]): Template[] => sorting?.sortNewestFirst(t) ?? [...t].sort(compare),
    build: index.buildSearchIndex,
    serialize: index.serializeSearchIndex as (i: unknown) => Uint8Array,
    createCatalog: catalog.createCatalog,
    collectTopicalPairs,
    digestAll: (t: readonly Template[]) => digests.map((m) => t.map((x) => m.digestTemplate(x) as string)),
  };
}
/** A tree's indexing functions (loadTree). */
export type Tree = Awaited<ReturnType<typeof loadTree>>;

/** The catalog folder validated as a build does, in file order. */
export function readInput(dir: string) {
  const src = readCatalogSources(dir);
  const valid = validateCatalog(src.categories, src.files, { siteUrl: 'https://x.test', studioUrl: 'https://s.test', mediaUrl: 'https://m.test' });
  return { categories: valid.categories, unsorted: valid.entries.map((e) => e.template), synonyms: readSynonyms(dir), filterWords: readFilterWords(dir) };
}
type Input = ReturnType<typeof readInput>;

/** What a step reads: the input, and the earlier steps' outputs (a tree's own in one pass, the base's in A/B). */
export interface Made {
  sorted: Template[];
  index: unknown;
  pairs: unknown;
  /** Templates never digested yet, as a publish has them. */
  fresh: Template[];
}

const digestOf = (text: string | Uint8Array) => hash('sha1', text, 'base64url');
const ids = (out: unknown) => ((out as { templates?: Template[] }).templates ?? (out as Template[])).map((t) => t.id).join();

/** The publish's steps in order: how each runs, and a digest of what it made (the same in both trees). */
export const STEPS: [name: string, run: (t: Tree, input: Input, made: Made) => unknown, key: (out: unknown, base: Tree) => string][] = [
  ['sort newest first', (t, i) => t.sort(i.unsorted), (out) => digestOf(ids(out))],
  ['buildSearchIndex', (t, i, m) => t.build(m.sorted, i.synonyms), (out, base) => digestOf(base.serialize(out))],
  ['createCatalog, build (pairs collected)', (t, i, m) => t.createCatalog(i.categories, m.sorted, m.index, i.filterWords), (out) => digestOf(JSON.stringify((out as { topicalPairs: unknown }).topicalPairs) + ids(out))],
  ['createCatalog, server load (shard order)', (t, i, m) => t.createCatalog(i.categories, i.unsorted, m.index, i.filterWords, { topicalPairs: m.pairs }), (out) => digestOf(ids(out))],
  ['serializeSearchIndex', (t, _, m) => t.serialize(m.index), (out) => digestOf(out as Uint8Array)],
  ['digestTemplate, both copies', (t, _, m) => t.digestAll(m.fresh), (out) => digestOf((out as string[][]).flat().join())],
];
