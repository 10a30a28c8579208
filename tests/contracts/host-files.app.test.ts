import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkHostRules, formatHeadersFile, formatRedirectsFile, resolveRuleHeaders } from '../../src/contracts/published/build-host-files.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { planClientHeaders } from '../../src/publish/write-host-files.ts';
import ignore from 'ignore';
import { isCompressedSibling } from '../../src/contracts/published/compressed-siblings.ts';
import { PACKED_DATA_SUFFIX, LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH, SEARCH_INDEX_PATH } from '../../src/contracts/published/function-data-files.ts';
import { toServedPath } from '../../src/publish/served-path.ts';
import { listFiles } from '../../src/publish/scan-files.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

/** The headers a static host's rules must carry as the origin sends them. */
const CHECKED = ['cache-control', 'vary', 'access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options', 'referrer-policy', 'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'link'];

/** A rule cannot tell `/templates/x` from `/templates/x.md`: pages in folders link the site, not their twin. */
const withoutAlternate = (link: string | null) => link?.split(', <').filter((l) => !l.includes('rel="alternate"')).join(', <') ?? null;
const inFolder = (path: string) => path.lastIndexOf('/') > 0;

const client = join(inject('distDir'), 'client');
const config = readConfig({ SITE_URL: 'http://localhost:4321' });
const plan = planClientHeaders(client, config);
const addresses = listFiles(client).filter((f) => !isCompressedSibling(f)).map(toServedPath).filter((p): p is string => p !== null);

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ REST_RATE_LIMIT: '100000' }); // every template's JSON is asked for
});
afterAll(() => app?.stop());

describe('the host files of the build', () => {
  it('are the plan of the finished client folder, byte for byte', () => {
    expect(readFileSync(join(client, '_headers'), 'utf8')).toBe(formatHeadersFile(plan));
    expect(readFileSync(join(client, '_redirects'), 'utf8')).toBe(formatRedirectsFile(plan));
  });

  it('fit the hosts on every address of the build', () => {
    expect(addresses.length).toBeGreaterThan(400);
    expect(checkHostRules(plan, addresses)).toEqual([]);
  });

  it('give every address the headers the origin sends it (the one listed difference aside)', async () => {
    const differences: string[] = [];
    for (const path of [...addresses, ...plan.redirects.map(([from]) => from)]) {
      const res = await app.request(path);
      await res.arrayBuffer();
      const rules = resolveRuleHeaders(plan, path);
      for (const name of CHECKED) {
        const origin = name === 'link' && inFolder(path) && !path.startsWith('/.well-known/') ? withoutAlternate(res.headers.get(name)) : res.headers.get(name);
        if ((rules.get(name) ?? null) !== origin) differences.push(`${path} ${name}: rules ${rules.get(name)} origin ${origin}`);
      }
      const type = rules.get('content-type');
      if (type !== undefined && type !== res.headers.get('content-type')) differences.push(`${path} content-type: rules ${type} origin ${res.headers.get('content-type')}`);
    }
    expect(differences).toEqual([]);
  });

  it('keep every precompressed sibling but the packed data out of a Cloudflare Workers upload (.assetsignore)', () => {
    // The library wrangler reads .assetsignore with.
    const upload = ignore().add(readFileSync(join(client, '.assetsignore'), 'utf8'));
    const files = listFiles(client);
    const kept = files.filter((f) => !upload.ignores(f));
    const packed = kept.filter(isCompressedSibling).sort();
    const rows = files.filter((f) => /^data\/catalog\/\d+\.rows\.json$/.test(f));
    expect(rows.length).toBeGreaterThan(0);
    // Every packed data file the build wrote (one under 1 KB, as the sample's list columns, is not packed: the function reads it as it is).
    const packedData = [...rows, LIST_COLUMNS_PATH.slice(1), SEARCH_COLUMNS_PATH.slice(1), SEARCH_INDEX_PATH.slice(1)].map((f) => f + PACKED_DATA_SUFFIX);
    expect(packedData.filter((f) => !files.includes(f)).every((f) => statSync(join(client, f.slice(0, -PACKED_DATA_SUFFIX.length))).size < 1024)).toBe(true);
    expect(packed).toEqual(packedData.filter((f) => files.includes(f)).sort());
    expect(packed).toContain(SEARCH_INDEX_PATH.slice(1) + PACKED_DATA_SUFFIX);
    expect(files.filter((f) => !isCompressedSibling(f) && upload.ignores(f))).toEqual([]);
  });

  it('are never served by the origin', async () => {
    for (const file of ['/_headers', '/_redirects', '/.assetsignore']) expect((await app.request(file)).status, file).toBe(404);
  });
});
