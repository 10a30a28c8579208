import { spawnServer } from './scripts/lib/spawn-server.ts';
const times: number[] = [];
for (let k = 0; k < 5; k++) {
  const t0 = performance.now();
  const server = await spawnServer({ DIST_DIR: 'dist-bench-10k', LOG_LEVEL: 'silent' });
  const res = await fetch(`${server.url}/api/v1/templates?limit=1`);
  times.push(performance.now() - t0);
  await res.arrayBuffer();
  await server.stop();
}
console.log(times.map((t) => t.toFixed(0)).join(', '));
