import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { copyDataOnly, readShippedConfig, startWorkerd } from '../../scripts/lib/start-function.ts';
import { PACKED_DATA_PATTERNS, SEARCH_COLUMNS_PATH } from '../../src/contracts/published/function-data-files.ts';
import { readColumn, writeColumn } from '../../src/core/catalog/column-codec.ts';
import { readBuiltCatalog, readBuiltFile } from '../helpers/build-data.ts';
import { startServer } from '../helpers/start-server.ts';
import { sleep } from '../helpers/wait-for.ts';
import { checkFunctionShape } from './function-shape.ts';

// The function on workerd: `wrangler dev` with the shipped config over the test build, offline.
checkFunctionShape({
  name: 'the function on workerd (wrangler dev, deploy/cloudflare/wrangler.jsonc)',
  start: async () => {
    const [fn, origin] = await Promise.all([startWorkerd(inject('distDir')), startServer({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' })]);
    return { fn, origin };
  },
  // The binding's limit in the shipped config (the readiness probe spent one).
  limitBudget: readShippedConfig().ratelimits.find((r) => r.name === 'REST_LIMITER')!.simple.limit,
});

describe('deploy/cloudflare/wrangler.jsonc', () => {
  it('builds the function bundle offline with wrangler deploy --dry-run, within 400 KB gzipped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fn-bundle-'));
    try {
      const config = { ...readShippedConfig(), main: resolve('src/function/worker.ts') };
      config.assets = { ...config.assets, directory: resolve(inject('distDir'), 'client') };
      delete config.$schema;
      writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config));
      execFileSync('npx', ['wrangler', 'deploy', '--config', join(dir, 'wrangler.json'), '--dry-run', '--outdir', join(dir, 'out')], {
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
        stdio: 'pipe',
      });
      const bundle = join(dir, 'out', 'worker.js');
      expect(statSync(bundle).size).toBeGreaterThan(0);
      expect(gzipSync(readFileSync(bundle)).length).toBeLessThanOrEqual(400 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs the function first on every page of the build, their twins and /api, and hands it every path with no file', () => {
    const client = join(inject('distDir'), 'client');
    const entries = readdirSync(client, { withFileTypes: true });
    const pages = entries.filter((e) => e.isFile() && e.name.endsWith('.html') && e.name !== '404.html').map((e) => (e.name === 'index.html' ? '/' : `/${e.name.slice(0, -5)}`));
    const folders = entries.filter((e) => e.isDirectory() && readdirSync(join(client, e.name)).some((f) => f.endsWith('.html'))).map((e) => `/${e.name}/*`);
    const { assets } = readShippedConfig();
    // And the packed data, which the upload keeps for the function's reads: it answers them 404.
    const packed = PACKED_DATA_PATTERNS.map((p) => `/${p}`);
    expect(new Set(assets.run_worker_first as string[])).toEqual(new Set([...pages, '/*.md', ...folders, '/api/*', ...packed]));
    // A pattern excluded with "!" keeps a miss from the function: the host would answer it with the folder's cache rule.
    expect(assets.not_found_handling).toBe('none');
  });

  it('sets a compatibility date the bundled workerd supports and the limits of the spec', () => {
    const config = readShippedConfig();
    expect(config.compatibility_date <= '2026-05-03').toBe(true);
    const limits = Object.fromEntries(config.ratelimits.map((r) => [r.name, r.simple]));
    expect(limits).toEqual({ REST_LIMITER: { limit: 120, period: 60 }, MCP_LIMITER: { limit: 60, period: 60 } });
    expect([config.vars.REST_RATE_LIMIT, config.vars.MCP_RATE_LIMIT]).toEqual(['120', '60']);
  });
});

describe('the function on workerd, its data', () => {
  // Two functions at once (~9 s of CPU each to start): one over a build whose shard and rows files
  // are broken, so only the rows' packed copies the upload keeps can answer, and one over an upload folder
  // without packed copies, answering from the data files themselves.
  // A third over a build whose search columns give the oldest template other editable parts: the whole load refuses them,
  // so what it answers before that load can only come from its early path, which reads them for the page's templates only.
  let packed: Awaited<ReturnType<typeof startWorkerd>>;
  let bare: Awaited<ReturnType<typeof startWorkerd>>;
  let badColumns: Awaited<ReturnType<typeof startWorkerd>>;
  const dir = mkdtempSync(join(tmpdir(), 'fn-packed-'));
  let dataOnly: ReturnType<typeof copyDataOnly> | undefined;
  let otherColumns: ReturnType<typeof copyDataOnly> | undefined;
  beforeAll(async () => {
    dataOnly = copyDataOnly(inject('distDir'));
    otherColumns = copyDataOnly(inject('distDir'));
    const columnsFile = join(otherColumns.distDir, 'client', SEARCH_COLUMNS_PATH);
    const columns = JSON.parse(readFileSync(columnsFile, 'utf8')) as { columns: { editable: unknown } };
    const count = readBuiltCatalog().templates.length;
    const editable = readColumn(columns.columns.editable, count, 'editable');
    columns.columns.editable = writeColumn([...Array.from({ length: count - 1 }, (_, p) => editable(p)), { text: 99, images: 99, colors: 99, music: false, voice: false }]);
    writeFileSync(columnsFile, JSON.stringify(columns));
    cpSync(join(inject('distDir'), 'client'), join(dir, 'client'), { recursive: true });
    const shards = join(dir, 'client', 'data', 'catalog');
    // The shards and rows files only: the sample's list columns are too small to have a packed copy (under 1 KB).
    for (const file of readdirSync(shards).filter((f) => /^\d+\.(rows\.)?json$/.test(f))) writeFileSync(join(shards, file), '{"broken":true}');
    [packed, bare, badColumns] = await Promise.all([startWorkerd(dir, { probe: false }), startWorkerd(dataOnly.distDir, { probe: false }), startWorkerd(otherColumns.distDir, { probe: false })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([packed?.stop(), bare?.stop(), badColumns?.stop()]);
    rmSync(dir, { recursive: true, force: true });
    dataOnly?.remove();
    otherColumns?.remove();
  });

  /** What a client sees of an answer but its date and the rate limit's count, which differ between instances and requests. */
  const seen = async (res: Response) => ({ status: res.status, headers: [...res.headers].filter(([name]) => name !== 'date' && !name.startsWith('ratelimit')), body: await res.text() });
  /** A search without a limit: never answered early, so it waits for the whole catalog. */
  const WHOLE = '/api/v1/templates?q=launch';

  // The other-columns instance's first request, before any load began.
  it('answers a search first from its columns, index and page, as a whole catalog does, and the error once the whole load fails', async () => {
    const { templates } = readBuiltCatalog();
    const path = `/api/v1/templates?q=launch%20video&limit=3&offset=1&category=${templates[0]!.category}&sort=price`;
    const headers = { 'X-Request-Id': 'early-search' };
    const early = await seen(await fetch(badColumns.url + path, { headers }));
    expect(early.status).toBe(200);
    const shown = (JSON.parse(early.body) as { templates: { id: string }[] }).templates.map((t) => t.id);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain(templates.at(-1)!.id);
    // The whole catalog's answer, once the packed instance has loaded everything (bare's first request is the get below).
    expect((await fetch(packed.url + WHOLE)).status).toBe(200);
    expect(early).toEqual(await seen(await fetch(packed.url + path, { headers })));
    // The whole load reads the columns against the shards: nothing is answered early again, and the log says why.
    const later = await fetch(badColumns.url + WHOLE);
    expect(later.status).toBe(500);
    expect(await later.json()).toMatchObject({ error: 'internal_error' });
    expect((await fetch(`${badColumns.url}/api/v1/templates?limit=1`)).status).toBe(500);
    const logged = `${SEARCH_COLUMNS_PATH} does not list the templates of the shards`;
    for (const deadline = Date.now() + 10_000; !badColumns.output().includes(logged) && Date.now() < deadline; ) await sleep(100);
    expect(badColumns.output()).toContain(logged);
  });

  // First in this block: the function's first request, before any load began.
  it('answers a get by id first from the id\'s one shard, as it does once the whole catalog is in, byte for byte and header for header', async () => {
    const { id } = readBuiltCatalog().templates.at(-1)!;
    const path = `/api/v1/templates/${id}`;
    const ask = async () => {
      const res = await fetch(bare.url + path, { headers: { 'X-Request-Id': 'early-get' } });
      return { status: res.status, headers: [...res.headers].filter(([name]) => name !== 'date'), body: await res.text() };
    };
    const early = await ask();
    expect((await fetch(bare.url + WHOLE)).status).toBe(200); // waits for the whole catalog
    expect(early).toEqual(await ask());
    expect(early.status).toBe(200);
    expect(early.body).toBe(readBuiltFile(path));
  });

  it('reads the packed copies the upload keeps (.assetsignore), which the public asks for in vain', async () => {
    const list = await fetch(`${packed.url}/api/v1/templates?limit=2`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { templates: unknown[] }).templates.length).toBe(2);
    for (const path of ['/data/catalog/0.rows.json.gz', '/data/search-index.bin.gz']) expect((await fetch(packed.url + path)).status, path).toBe(404);
  });

  it('reads the data files themselves where the upload has no packed copies (an upload folder), answering as with them', async () => {
    const path = '/api/v1/templates?q=launch&limit=3';
    expect(readdirSync(join(dataOnly!.distDir, 'client', 'data', 'catalog')).filter((f) => f.endsWith('.gz'))).toEqual([]);
    const [a, b] = await Promise.all([fetch(bare.url + path), fetch(packed.url + path)]);
    expect(a.status).toBe(200);
    const body = (await a.json()) as { templates: { id: string }[] };
    expect(body.templates.length).toBe(3);
    expect(body).toEqual(await b.json()); // the packed copies' answer: its shard files are broken
  });
});
