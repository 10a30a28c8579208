/**
 * The worker thread that loads the catalog for a build (load-catalog.ts starts it): validates
 * and indexes it, lists its keyed outputs and selects what to render, while the main thread
 * imports and bundles. It posts back what the main thread cannot cheaply make again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogError } from '../core/catalog/validate-catalog.ts';
import { selectRenders } from '../publish/select-renders.ts';
import { loadSiteCatalogFirst } from '../site/load-site-catalog.ts';
import { keyOutputs, listOutputs } from './list-keyed.ts';
import type { CatalogJob, LoadedCatalog, WorkerAnswer } from './load-catalog.ts';

const { config, validated, source } = workerData as CatalogJob;
let answer: WorkerAnswer;
let record = () => {};
try {
  const first = loadSiteCatalogFirst(config, validated);
  const site = first.site;
  record = first.record;
  const listing = listOutputs(site);
  const keyed = keyOutputs(listing.outputs, site);
  const { catalog, valid } = site;
  const loaded: LoadedCatalog = {
    categories: valid.categories,
    entries: JSON.stringify(valid.entries.map((e) => [e.source, e.data])),
    index: catalog.index,
    filterWords: catalog.filterWords,
    topicalPairs: catalog.topicalPairs,
    digests: catalog.templates.map((t) => keyed.templates.get(t.id)!),
    listing: listing.digest,
    selection: selectRenders(keyed.entries, keyed.templates, source),
  };
  answer = { loaded };
} catch (err) {
  answer = err instanceof CatalogError ? { problems: err.problems } : { error: (err as Error).stack ?? String(err) };
}
// The postings move rather than copy: arrays that are whole buffers of their own.
const arrays = 'loaded' in answer ? Object.values(answer.loaded.index.postings) : [];
const whole = arrays.filter((a) => a.byteOffset === 0 && a.byteLength === a.buffer.byteLength).map((a) => a.buffer as ArrayBuffer);
parentPort!.postMessage(answer, [...new Set(whole)]);
// After answering: the next publish's record is not this one's critical path (the publish waits for it before it ends).
record();
