import { afterAll, describe, expect, it } from 'vitest';
import { startNodeFunction } from '../../scripts/lib/start-function.ts';
import { BUILD_ID } from '../../src/core/header-names.ts';
import { createBuildsRoot, renameFirstTemplate } from '../server/lifecycle/build-fixtures.ts';

describe('npm run function', () => {
  const root = createBuildsRoot();
  afterAll(() => root.remove());

  it('follows a publish as the origin does: the new title within seconds, no restart, the build named in /readyz and on every answer', async () => {
    root.publish(root.addBuild('20260101T000000Z-aaaa'));
    const fn = await startNodeFunction({ DIST_DIR: root.distDir, REST_RATE_LIMIT: '100000' });
    try {
      const before = await fetch(`${fn.url}/api/v1/templates?q=Published&limit=1`);
      expect(before.headers.get(BUILD_ID)).toBe('20260101T000000Z-aaaa');
      let renamed = { slug: '', title: '' };
      root.publish(root.addBuild('20260101T000100Z-cccc', (dir) => (renamed = renameFirstTemplate(dir, 'Published'))));
      const deadline = Date.now() + 15_000;
      let seen: { build: string | null; titles: string[] } = { build: null, titles: [] };
      while (Date.now() < deadline) {
        const res = await fetch(`${fn.url}/api/v1/templates/${renamed.slug}`);
        const body = (await res.json()) as { template?: { title: string } };
        seen = { build: res.headers.get(BUILD_ID), titles: [body.template?.title ?? ''] };
        if (seen.build === '20260101T000100Z-cccc') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(seen).toEqual({ build: '20260101T000100Z-cccc', titles: [renamed.title] });
      const ready = (await (await fetch(`${fn.url}/readyz`)).json()) as { build: string };
      expect(ready.build).toBe('20260101T000100Z-cccc');
    } finally {
      await fn.stop();
    }
  });
});
