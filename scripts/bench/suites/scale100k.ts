import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startNodeFunction, startWorkerd, type RunningFunction } from '../../lib/start-function.ts';
import { measureDir } from '../builds.ts';
import { writeFunctionData } from '../function-data.ts';
import { HeapProbe, readRss } from '../inspector.ts';
import { LIFT, lifted, measureWorkerdMemory } from './edge.ts';

/**
 * The catalog at 100,000 templates (issue 39), end to end as far as the code goes: the
 * generated catalog, the function's data files, the Node function and workerd answering from
 * them (cold first answer, memory after a full collection). The parts that need a build with
 * `PRERENDER_TEMPLATES` (the upload folder, the origin answering head and tail, the stack's hit
 * ratio) are hooks below: they run when the build knows the setting, and say so when not.
 * `BENCH_SCALE_COUNT` changes the size (10000 to try it quickly).
 */
const COUNT = Number(process.env.BENCH_SCALE_COUNT ?? 100_000);
const PRERENDER = process.env.BENCH_SCALE_PRERENDER ?? '1000';
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;
const n = COUNT.toLocaleString('en');

/** Seconds `run` takes. */
function timed<T>(run: () => T): [T, number] {
  const t0 = performance.now();
  const value = run();
  return [value, (performance.now() - t0) / 1000];
}

/** `npm run generate:catalog` at COUNT into /tmp/catalog-COUNT (reused when there), timed. */
function generateCatalog(): { dir: string; row: string } {
  const dir = `/tmp/catalog-${COUNT}`;
  if (existsSync(join(dir, '_categories.json'))) return { dir, row: `| generate:catalog, ${n} templates | reused ${dir} | – |` };
  const [, seconds] = timed(() => execFileSync(process.execPath, ['scripts/generate-catalog.ts', '--count', String(COUNT), '--out', dir], { stdio: 'ignore' }));
  const size = measureDir(dir);
  return { dir, row: `| npm run generate:catalog -- --count ${COUNT} | ${seconds.toFixed(1)} s, ${size.files} files, ${mb(size.bytes)} MB; ${load()} | – |` };
}

/** The first answer of a freshly started function to `path`, in ms (the request that loads the data). */
async function timeFirst(fn: RunningFunction, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(fn.url + path);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t0;
}

/** Asks what the edge suite asks before measuring memory: a list, then searches. */
async function askAround(fn: RunningFunction): Promise<void> {
  for (const q of ['', 'launch video', 'countdown', 'free promo', 'neon sale']) await (await fetch(`${fn.url}/api/v1/templates?limit=10${q ? `&q=${encodeURIComponent(q)}` : ''}`)).arrayBuffer();
}

/** The Node function (`npm run function`) over the data: cold first list and search, heap kept after a full collection (inspector), RSS. */
async function measureNode(dist: string): Promise<string[]> {
  const rows: string[] = [];
  for (const [what, path] of [['a list', '/api/v1/templates?limit=1'], ['a search', '/api/v1/templates?q=launch%20video&limit=10']] as const) {
    const t0 = performance.now();
    const fn = await startNodeFunction({ DIST_DIR: dist, ...LIFT, NODE_OPTIONS: '--inspect=127.0.0.1:0' }, { timeoutMs: 600_000, probe: false });
    try {
      await timeFirst(fn, path);
      const ms = performance.now() - t0;
      let kept = '';
      if (what === 'a list') {
        await askAround(fn);
        const ws = /ws:\/\/\S+/.exec(fn.output())?.[0];
        const probe = ws ? await HeapProbe.connect(ws) : undefined;
        kept = probe ? `; heap kept after its first answers (collectGarbage, used + array buffers) **${mb(await probe.keptAfterGc())} MB**` : '';
        probe?.close();
        kept += `; RSS ${mb(readRss(fn.pid))} MB`;
      }
      rows.push(`| Node function, ${n} templates, first request ${what} (spawn to first answer: process start, data read, checked, compacted, indexed) | **${ms.toFixed(0)} ms**${kept}; ${load()} | – |`);
    } finally {
      await fn.stop();
    }
  }
  return rows;
}

/** workerd (wrangler dev) over the data: cold first list and search, and the isolate's heap after a full collection as the edge suite measures it. */
async function measureWorkerd(dist: string): Promise<string[]> {
  const rows: string[] = [];
  for (const [what, path] of [['a list', '/api/v1/templates?limit=1'], ['a search', '/api/v1/templates?q=launch%20video&limit=10']] as const) {
    const fn = await startWorkerd(dist, { adjust: lifted, probe: false, timeoutMs: 600_000 });
    try {
      rows.push(`| workerd, ${n} templates, first request ${what} (fresh isolate to first answer: packed data through ASSETS, checks, compaction, index) | **${(await timeFirst(fn, path)).toFixed(0)} ms**; ${load()} | ≤ 1,000 ms |`);
    } catch (err) {
      // A dropped connection is a result here, not the end of the suite: its log says why.
      rows.push(`| workerd, ${n} templates, first request ${what} | **failed**: ${String((err as Error).cause ?? err)}; ${load()} | ≤ 1,000 ms |`);
      console.error(fn.output().slice(-4000));
    } finally {
      await fn.stop();
    }
  }
  const kept = await measureWorkerdMemory(dist).catch((err: unknown) => (rows.push(`| workerd isolate, ${n} templates, memory | **failed**: ${String((err as Error).cause ?? err)} | ≤ 128 MB |`), undefined));
  if (kept === undefined) return rows;
  rows.push(`| workerd isolate, ${n} templates, after its first answers (heap in use + array buffers after a full collection, inspector heap snapshot) | **${mb(kept)} MB**; ${load()} | ≤ 128 MB |`);
  return rows;
}

/**
 * Hook for what needs a build with PRERENDER_TEMPLATES (helper "tail"): the build's wall time,
 * the upload folder's file count (goal ≤ 20,000), the origin and both functions answering a
 * head and a tail template, and the stack (scripts/lib/stack.ts) with its hit ratio after
 * warm-up (goal ≥ 0.99). Until the build knows the setting, it says what it did not run.
 */
async function measureBuildAndStack(): Promise<string[]> {
  const knows = readdirSync('src/config').some((f) => readFileSync(join('src/config', f), 'utf8').includes('PRERENDER_TEMPLATES'));
  if (!knows) return [`| build with PRERENDER_TEMPLATES=${PRERENDER}, upload folder, origin head/tail, stack hit ratio | not run: the build does not know PRERENDER_TEMPLATES yet | ≤ 3 min, ≤ 20,000 files, ≥ 0.99 |`];
  return [`| build with PRERENDER_TEMPLATES=${PRERENDER} | not run: the build parts of this suite are still to be written (scripts/bench/suites/scale100k.ts, measureBuildAndStack) | ≤ 3 min |`];
}

/** Runs the suite and returns its Markdown report. */
export async function runScale100kSuite(): Promise<string> {
  const { dir, row: generated } = generateCatalog();
  const [dist, seconds] = timed(() => writeFunctionData(dir, `dist-bench-fn-${COUNT}`));
  const data = measureDir(join(dist, 'client', 'data'));
  const rows = [generated, `| function data files (scripts/bench/function-data.ts: head, shards, index, gzip copies) | ${seconds.toFixed(1)} s (0 when reused), ${data.files} files, ${mb(data.bytes)} MB; ${load()} | – |`];
  for (const part of [measureNode, measureWorkerd]) {
    const got = await part(dist);
    console.error(got.join('\n')); // as it goes: a 100,000 run is long
    rows.push(...got);
  }
  rows.push(...(await measureBuildAndStack()));
  return [`The catalog at ${n} templates (scripts/bench/suites/scale100k.ts): a generated catalog, its function data without pages, the function on Node and on workerd.`, '', '| step | result | goal |', '|---|---|---|', ...rows].join('\n');
}
