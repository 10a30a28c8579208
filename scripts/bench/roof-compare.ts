/**
 * Our server against its roof: a bare node:http server answering the same bytes, measured in
 * the same run. Shared by the HTTP and MCP suites.
 */
import { captureAnswer, startRoof } from './capture.ts';
import { runLoad, type LoadResult, type RequestSpec } from './load.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const CONNECTIONS = 8;
/** Limits out of the way: the bench measures serving, not refusing. */
export const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' };

const row = (name: string, ours: LoadResult, roof: LoadResult | null, goal: string) =>
  `| ${name} | ${ours.rps.toFixed(0)} | ${ours.p99} | ${roof ? roof.rps.toFixed(0) : '–'} | ${roof ? (ours.rps / roof.rps).toFixed(3) : '–'} | ${goal} | ${ours.errors + ours.non2xx} |`;

const best = (a: LoadResult, b: LoadResult) => (b.rps > a.rps ? b : a);

/**
 * Measures one scenario against its roof (same bytes from a bare node:http server) in the same
 * run. Roof and ours alternate twice and each keeps its better run, so a burst of outside load
 * during one run does not decide the ratio.
 */
export async function compareWithRoof(base: string, name: string, spec: RequestSpec, goal: string): Promise<string> {
  const roof = await startRoof(await captureAnswer(base, spec));
  const opts = { seconds: SECONDS, connections: CONNECTIONS };
  try {
    await runLoad(roof.url, spec, { ...opts, seconds: 1 }); // warm-up both
    await runLoad(base, spec, { ...opts, seconds: 1 });
    let roofResult = await runLoad(roof.url, spec, opts);
    let ours = await runLoad(base, spec, opts);
    roofResult = best(roofResult, await runLoad(roof.url, spec, opts));
    ours = best(ours, await runLoad(base, spec, opts));
    return row(name, ours, roofResult, goal);
  } finally {
    roof.stop();
  }
}

/** The explanation and head of the roof table. */
export function formatTableHead(): string[] {
  return [
    `${CONNECTIONS} connections, loopback. The roof is a bare node:http server replaying our exact answer (same bytes and headers) in the same run; roof and ours alternate, two ${SECONDS} s runs each, best run kept.`,
    '',
    '| scenario | ours req/s | ours p99 ms | roof req/s | ratio | goal | errors |',
    '|---|---|---|---|---|---|---|',
  ];
}

