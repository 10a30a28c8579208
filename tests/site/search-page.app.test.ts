import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../src/core/markdown/site-copy.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
beforeAll(async () => {
  server = await startApp();
});
afterAll(() => server.stop());

const lastPage = Math.ceil(readBuiltCatalog().templates.length / SEARCH_PAGE_SIZE);

describe('/search past the last page', () => {
  it('answers 404, says which page is the last and links it', async () => {
    const res = await fetch(`${server.url}/search?page=999`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(`There is no page 999: this search has ${lastPage} pages.`);
    expect(html).toContain(`href="/search?page=${lastPage}"`);
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
  });

  it('answers the last page itself with 200, and a search with no match on its first page with 200', async () => {
    expect((await fetch(`${server.url}/search?page=${lastPage}`)).status).toBe(200);
    expect((await fetch(`${server.url}/search?q=zzqxv`)).status).toBe(200);
    expect((await fetch(`${server.url}/search?q=zzqxv&page=2`)).status).toBe(404);
  });

  it('answers the Markdown twin past the last page with 404 too', async () => {
    const res = await fetch(`${server.url}/search.md?page=999`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(`Page ${lastPage} of ${lastPage}`);
  });
});
