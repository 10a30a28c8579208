import { runHostileClient } from '../hostile-client.ts';
import { HOSTILE_KINDS, startHostileTarget } from '../hostile-targets.ts';
import { ensureBuild } from '../builds.ts';

/**
 * The hostile client's table (`npm run bench -- hostile`): every shape of scripts/bench/hostile-cases.ts
 * against the origin, the Node function, nginx in front of it and workerd; per row the inputs
 * sent (once each, then over and over by 8 connections for 5 s), crashes, 5xx (501 and 505
 * aside) and the p99 of a good client listing templates meanwhile. `BENCH_HOSTILE_KINDS`
 * (comma-separated) picks the shapes.
 */
export async function runHostileSuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const floodMs = Number(process.env.BENCH_HOSTILE_FLOOD_MS ?? 5000);
  const wanted = process.env.BENCH_HOSTILE_KINDS?.split(',');
  const rows: string[] = [];
  for (const kind of HOSTILE_KINDS.filter((k) => !wanted || wanted.includes(k))) {
    const target = await startHostileTarget(kind, dist);
    try {
      for (const r of await runHostileClient(target, { floodMs, attackers: 8 })) {
        const statuses = Object.entries(r.statuses).map(([s, n]) => `${s === '0' ? 'closed' : s}×${n}`).join(' ');
        rows.push(`| ${kind} | ${r.shape} | ${r.sent} | ${r.crashes} | ${r.serverErrors} | ${statuses} | ${r.good.requests} (${r.good.failed} failed) | ${r.good.p99Ms.toFixed(1)} |`);
      }
    } finally {
      await target.stop();
    }
  }
  return ['| shape | attack | inputs sent | crashes | 5xx | answers | good client requests | good p99 (ms) |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}
