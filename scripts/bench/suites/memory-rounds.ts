import { readdirSync, readFileSync } from 'node:fs';
import { readRss } from '../inspector.ts';
import { buildQueryPool } from '../queries.ts';

export const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 20_000);
/** Rounds of REQUESTS each: growth that stops after the first is the allocator keeping what it had; growth that goes on is a leak. */
export const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const LANES = 8;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

/**
 * `count` distinct page requests from the `offset`th on, in turn /search, /search.md and
 * /studio, LANES at a time (every query ends in its own number, so no two rounds repeat one);
 * how many were not 2xx/3xx.
 */
async function sendPages(base: string, count: number, offset: number, ids: readonly string[]): Promise<number> {
  const queries = buildQueryPool(count);
  let next = 0;
  let failed = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const n = offset + i;
      const q = encodeURIComponent(`${queries[i % queries.length]} ${n}`);
      const path = n % 3 === 0 ? `/search?q=${q}` : n % 3 === 1 ? `/search.md?q=${q}` : `/studio?template=${ids[n % ids.length]}&site=site${n}.example.com`;
      const res = await fetch(base + path, { redirect: 'manual' }).catch(() => undefined);
      if (!res || res.status >= 400) failed++;
      await res?.arrayBuffer().catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return failed;
}

/** A process whose RSS is read: what it is, and its id. */
export interface Watched {
  role: string;
  pid: number;
}

/** A runtime under load: where it answers, the processes to read, and (workerd alone) a full collection in every isolate, for a second reading. */
export interface Shape {
  name: string;
  url: string;
  watched(): Watched[];
  collect?(): Promise<number>;
}

/** Node processes in process group `group` whose command line includes `marker` (wrangler's own, under `npx wrangler dev`). */
export function findNodes(group: number, marker: string): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

/**
 * RSS of each watched process before and after each of ROUNDS rounds of REQUESTS distinct pages
 * (a warm-up of 300 first); with `collect`, also after a full collection in every isolate at
 * each point, which leaves out the V8 garbage not yet collected. One table row a process.
 */
export async function measureRounds(shape: Shape, ids: readonly string[]): Promise<string[]> {
  await sendPages(shape.url, 300, 10_000_000, ids);
  await new Promise((r) => setTimeout(r, 1000));
  const watched = shape.watched();
  const read = () => watched.map((w) => readRss(w.pid));
  const raw = [read()];
  const collected = shape.collect ? [(await shape.collect(), read())] : [];
  let failed = 0;
  const t0 = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    failed += await sendPages(shape.url, REQUESTS, round * REQUESTS, ids);
    await new Promise((r) => setTimeout(r, 2000));
    raw.push(read());
    if (shape.collect) collected.push((await shape.collect(), read()));
  }
  const seconds = ((performance.now() - t0) / 1000).toFixed(0);
  const describe = (readings: number[][], i: number) => {
    const steps = readings.slice(1).map((r, k) => mb(r[i]! - readings[k]![i]!));
    return `${mb(readings[0]![i]!)} → ${readings.slice(1).map((r) => mb(r[i]!)).join(' → ')} | **${steps[0]}** | ${steps.slice(1).join(', ')}`;
  };
  return watched.map((w, i) => `| ${shape.name} | ${w.role} | ${describe(raw, i)} | ${collected.length ? describe(collected, i).replaceAll(' | ', '; ').replaceAll('**', '') : '–'} | ${ROUNDS} × ${REQUESTS.toLocaleString('en')} in ${seconds} s (${failed} not 2xx/3xx) |`);
}

/** The table's head. */
export const MEMORY_HEAD = [
  `RSS over ${ROUNDS} rounds of ${REQUESTS.toLocaleString('en')} distinct page requests (\`npm run bench -- memory\`); goal: growth < 50 MB a round of 20,000. A plateau: the later rounds add little.`,
  '',
  '| runtime | process | RSS before → after each round (MB) | growth, first round (MB) | growth, later rounds (MB) | after a full collection in every isolate: RSS; first round; later rounds (MB) | requests |',
  '|---|---|---|---|---|---|---|',
];
