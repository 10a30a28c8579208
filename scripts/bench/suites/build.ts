import { join } from 'node:path';
import { ensureBuild, ensureSyntheticCatalog, measureDir } from '../builds.ts';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Build time and dist size for the sample catalog and a 10,000-template synthetic one. */
export async function runBuildSuite(): Promise<string> {
  const rows: string[] = [];
  for (const [name, catalogDir, count] of [
    ['sample', 'templates', 64],
    ['synthetic', ensureSyntheticCatalog(10_000), 10_000],
  ] as const) {
    const dist = `dist-bench-build-${name}`;
    const seconds = ensureBuild(catalogDir, dist, false)!;
    const size = measureDir(join(dist, 'client'));
    const index = measureDir(join(dist, 'client', 'data'));
    rows.push(`| ${name} | ${count} | ${seconds.toFixed(1)} | ${((seconds * 1000) / count).toFixed(2)} | ${size.files} | ${mb(size.bytes)} | ${mb(index.bytes)} |`);
  }
  return [
    'Full `astro build` (pages, twins, JSON, posters, published files, precompression), 2 cores.',
    '',
    '| catalog | templates | build s | ms per template | files in dist/client | dist/client MB | data/ (catalog + index) MB |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
