/**
 * The hit ratio a perfect cache (one that keeps every answer forever) would reach on the cdn
 * suite's mix over a build, after a warm-up of each size: `node scripts/bench/perfect-cache.ts <DIST_DIR>`.
 * No server: it only counts, of the pages and static JSON of the next 30,000 requests, those whose
 * address (path, type, coding) was asked before. The scale suite's stack measured Varnish at
 * exactly this bound (docs/scale.md), so what keeps the ratio down is the traffic's new addresses.
 */
import { createPrng } from '../lib/prng.ts';
import { createTrafficMix, EDGE_CLASSES, type TrafficRequest } from './cdn-traffic.ts';
import { readScaleSite } from './scale-answers.ts';

const dist = process.argv[2];
if (!dist) throw new Error('usage: perfect-cache.ts <DIST_DIR>');
const next = createTrafficMix(readScaleSite(dist), createPrng(17)); // the seed the suites use
const keyOf = (r: TrafficRequest) => `${r.method} ${r.path} ${r.headers.accept ?? ''} ${r.headers['accept-encoding'] ?? ''}`;
const seen = new Set<string>();
let sent = 0;
for (const warmup of [20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000]) {
  for (; sent < warmup; sent++) seen.add(keyOf(next()));
  let asked = 0;
  let held = 0;
  for (let i = 0; i < 30_000; i++, sent++) {
    const r = next();
    const key = keyOf(r);
    if (EDGE_CLASSES.includes(r.cls)) (asked++, seen.has(key) && held++);
    seen.add(key);
  }
  console.log(`after ${warmup.toLocaleString('en')} requests: ${(held / asked).toFixed(3)} of the next 30,000's pages and static JSON (${seen.size.toLocaleString('en')} addresses asked so far)`);
}
