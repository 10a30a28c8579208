import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startNodeFunction, startWorkerd, type RunningFunction } from '../../lib/start-function.ts';
import { measureDir } from '../builds.ts';
import { measureHeadAndTail } from '../scale-answers.ts';
import { measureScaleBuild } from '../scale-build.ts';
import { measureScaleStack } from '../scale-stack.ts';
import { writeFunctionData } from '../function-data.ts';
import { HeapProbe, readRss } from '../inspector.ts';
import { describeTimes, measureWorkerdAlone, timeFirst } from '../workerd-cold-alone.ts';
import { LIFT, lifted, measureWorkerdMemory } from './edge.ts';

/**
 * The catalog at 100,000 templates (issue 39), end to end as far as the code goes: the
 * generated catalog, the function's data files, the Node function and workerd answering from
 * them (cold first answer, memory after a full collection); then the clean build with
 * `PRERENDER_TEMPLATES`, its upload folder, the origin and both functions answering head and
 * tail, and the stack's hit ratio after warm-up. `BENCH_SCALE_COUNT` changes the size (10000
 * to try it quickly), `BENCH_SCALE_PARTS` runs one half (`data` or `build`), or only the
 * stack (`stack`) over a build made before (`BENCH_SCALE_DIST`).
 */
const COUNT = Number(process.env.BENCH_SCALE_COUNT ?? 100_000);
const PRERENDER = process.env.BENCH_SCALE_PRERENDER ?? '1000';
/** `data` (the function's data, cold starts, memory) and `build` (the build, upload, head and tail, stack); both unless BENCH_SCALE_PARTS names one. */
const PARTS = (process.env.BENCH_SCALE_PARTS ?? 'data,build').split(',');
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

/** The first requests measured, one fresh function each: a get-one (a template of the last shard, by id), a list of one, a page of 20 by price (~18 rows files at 100,000), a search. */
function firstRequests(dist: string): [string, string][] {
  const head = JSON.parse(readFileSync(join(dist, 'client', 'data', 'catalog.json'), 'utf8')) as { shards: string[] };
  const shard = JSON.parse(readFileSync(join(dist, 'client', head.shards.at(-1)!), 'utf8')) as { templates: { id: string }[] };
  return [['a get-one', `/api/v1/templates/${shard.templates[0]!.id}`], ['a list', '/api/v1/templates?limit=1'], ['a page of 20 by price', '/api/v1/templates?limit=20&sort=price'], ['a search', '/api/v1/templates?q=launch%20video&limit=10']];
}

/** Asks what the edge suite asks before measuring memory: a list, then searches. */
async function askAround(fn: RunningFunction): Promise<void> {
  for (const q of ['', 'launch video', 'countdown', 'free promo', 'neon sale']) await (await fetch(`${fn.url}/api/v1/templates?limit=10${q ? `&q=${encodeURIComponent(q)}` : ''}`)).arrayBuffer();
}

/** The Node function (`npm run function`) over the data: cold first list and search, heap kept after a full collection (inspector), RSS. */
async function measureNode(dist: string): Promise<string[]> {
  const rows: string[] = [];
  for (const [what, path] of firstRequests(dist)) {
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

/** Fresh isolates a first request is timed on: one start varies by half (docs/scale.md), so the median of three is the figure. */
const WORKERD_STARTS = 3;

/** workerd (wrangler dev) over the data: cold first requests (median of WORKERD_STARTS fresh isolates), and the isolate's heap after a full collection as the edge suite measures it. */
async function measureWorkerd(dist: string): Promise<string[]> {
  const rows: string[] = [];
  for (const [what, path] of firstRequests(dist)) {
    const times: number[] = [];
    for (let k = 0; k < WORKERD_STARTS; k++) {
      const fn = await startWorkerd(dist, { adjust: lifted, probe: false, timeoutMs: 600_000 });
      try {
        times.push(await timeFirst(fn, path));
      } catch (err) {
        // A dropped connection is a result here, not the end of the suite: its log says why.
        rows.push(`| workerd, ${n} templates, first request ${what} | **failed**: ${String((err as Error).cause ?? err)}; ${load()} | ≤ 1,000 ms |`);
        console.error(fn.output().slice(-4000));
      } finally {
        await fn.stop();
      }
    }
    if (!times.length) continue;
    rows.push(`| workerd, ${n} templates, first request ${what} (fresh isolate to first answer: packed data through ASSETS, checks, compaction, index) | ${describeTimes(times)}; ${load()} | ≤ 1,000 ms |`);
  }
  const kept = await measureWorkerdMemory(dist).catch((err: unknown) => (rows.push(`| workerd isolate, ${n} templates, memory | **failed**: ${String((err as Error).cause ?? err)} | ≤ 128 MB |`), undefined));
  if (kept === undefined) return rows;
  rows.push(`| workerd isolate, ${n} templates, after its first answers (heap in use + array buffers after a full collection, inspector heap snapshot) | **${mb(kept)} MB**; ${load()} | ≤ 128 MB |`);
  return rows;
}

/**
 * What needs a build with PRERENDER_TEMPLATES: the clean build and its upload folder
 * (scale-build.ts), the origin and both functions answering a head and a tail template
 * (scale-answers.ts), the stack's hit ratio after warm-up (scale-stack.ts). Each part that
 * fails is a row that says where; the parts after it that need its output are skipped.
 */
async function measureBuildAndStack(catalog: string): Promise<{ rows: string[]; details: string[] }> {
  const built = await measureScaleBuild(catalog, COUNT, PRERENDER);
  console.error(built.rows.join('\n'));
  const details: string[] = [];
  if (!built.dist) return { rows: built.rows, details };
  const answers = await measureHeadAndTail(built.dist, built.upload, COUNT);
  console.error(answers.join('\n'));
  details.push(`Head and tail, first request of each address after a list request loaded the data (status, ms; ${load()} at the end):`, '', ...answers);
  const stack = await measureScaleStack(built.dist, COUNT).catch((err: unknown) => ({ row: `| the stack through Varnish, ${n} templates | **failed**: ${String((err as Error).message).replace(/\s+/g, ' ').slice(0, 400)} | ≥ 0.99 |`, detail: '' }));
  console.error(stack.row);
  if (stack.detail) details.push('', 'The stack after warm-up, per class of the mix:', '', stack.detail);
  return { rows: [...built.rows, stack.row], details };
}

/** Runs the suite and returns its Markdown report. */
export async function runScale100kSuite(): Promise<string> {
  const { dir, row: generated } = generateCatalog();
  const rows = [generated];
  if (PARTS.includes('data')) {
    const [dist, seconds] = timed(() => writeFunctionData(dir, `dist-bench-fn-${COUNT}`));
    const data = measureDir(join(dist, 'client', 'data'));
    rows.push(`| function data files (scripts/bench/function-data.ts: head, shards, index, gzip copies) | ${seconds.toFixed(1)} s (0 when reused), ${data.files} files, ${mb(data.bytes)} MB; ${load()} | – |`);
    const alone = (d: string) => measureWorkerdAlone(d, lifted, firstRequests(d), `${n} templates`, { starts: WORKERD_STARTS, goal: '≤ 1,000 ms' });
    for (const part of [measureNode, measureWorkerd, alone]) {
      const got = await part(dist);
      console.error(got.join('\n')); // as it goes: a 100,000 run is long
      rows.push(...got);
    }
  }
  const { rows: built, details } = PARTS.includes('build') ? await measureBuildAndStack(dir) : { rows: [], details: [] };
  rows.push(...built);
  if (PARTS.includes('stack') && process.env.BENCH_SCALE_DIST) {
    const stack = await measureScaleStack(process.env.BENCH_SCALE_DIST, COUNT);
    rows.push(stack.row);
    details.push('The stack after warm-up, per class of the mix:', '', stack.detail);
  }
  return [`The catalog at ${n} templates (scripts/bench/suites/scale100k.ts): a generated catalog, its function data without pages, the function on Node and on workerd, the clean build with \`PRERENDER_TEMPLATES=${PRERENDER}\`, its upload folder, head and tail answered, the stack.`, '', '| step | result | goal |', '|---|---|---|', ...rows, '', ...details].join('\n');
}
