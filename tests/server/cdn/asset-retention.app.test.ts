import { utimesSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../../helpers/start-app.ts';
import { changeBaseCss, createBuildsRoot } from '../lifecycle/build-fixtures.ts';

const root = createBuildsRoot();
afterAll(() => root.remove());

const first = root.addBuild('20260101T000000Z-aaaa');
let css = { before: '', after: '' };
const second = root.addBuild('20260101T000100Z-bbbb', (dir) => (css = changeBaseCss(dir, 'Skew1234')));

async function fetchCss(base: string, path: string) {
  const res = await fetch(base + path);
  return { status: res.status, body: await res.text(), cacheControl: res.headers.get('cache-control') };
}

describe('hashed assets across a switch of builds (skew protection)', () => {
  it("lets a server on the new build answer the previous build's CSS, and one still on the old build the new CSS", async () => {
    root.publish(first);
    const old = await startApp({ DIST_DIR: root.distDir }); // serves the first build
    root.publish(second);
    const current = await startApp({ DIST_DIR: root.distDir }); // serves the second build
    try {
      const kept = await fetchCss(current.url, css.before);
      expect(kept.status).toBe(200);
      expect(kept.body).not.toContain('Skew1234');
      expect(kept.cacheControl).toBe('public, max-age=31536000, immutable');
      const ahead = await fetchCss(old.url, css.after);
      expect(ahead.status).toBe(200);
      expect(ahead.body).toContain('/* Skew1234 */');
      expect((await fetchCss(current.url, '/_astro/BaseLayout.Nowhere00.css')).status).toBe(404);
    } finally {
      await Promise.all([old.stop(), current.stop()]);
    }
  });

  it('stops answering the replaced build\'s assets once the retention window has passed', async () => {
    root.publish(second);
    const replacedAt = (Date.now() - 120_000) / 1000; // the second build went live two minutes ago
    utimesSync(second, replacedAt, replacedAt);
    const withinWindow = await startApp({ DIST_DIR: root.distDir, ASSET_RETENTION_SECONDS: '600' });
    const pastWindow = await startApp({ DIST_DIR: root.distDir, ASSET_RETENTION_SECONDS: '60' });
    try {
      expect((await fetchCss(withinWindow.url, css.before)).status).toBe(200);
      const expired = await fetchCss(pastWindow.url, css.before);
      expect(expired.status).toBe(404);
      expect(expired.cacheControl).toBe('no-store');
      expect((await fetchCss(pastWindow.url, css.after)).status).toBe(200);
    } finally {
      await Promise.all([withinWindow.stop(), pastWindow.stop()]);
    }
  });
});
