import { describe, expect, it } from 'vitest';
import { SEARCH_COLUMNS_PATH } from '../../src/contracts/published/function-data-files.ts';
import { createFetchHandler } from '../../src/function/create-fetch-handler.ts';
import { openFourShards } from '../helpers/four-shards.ts';

/** The test build in 4 shards whose search columns give the newest template another title: the whole load refuses them where it checks them. */
function openWithOtherTitle() {
  const opened = openFourShards();
  const file = JSON.parse(Buffer.from(opened.files.get(SEARCH_COLUMNS_PATH)!).toString('utf8')) as { columns: { title: { lines: string } } };
  file.columns.title.lines = file.columns.title.lines.replace(/^[^\n]*/, 'Another title');
  opened.files.set(SEARCH_COLUMNS_PATH, Buffer.from(JSON.stringify(file)));
  const logged: unknown[] = [];
  const handler = createFetchHandler({
    source: opened.source,
    env: { REST_RATE_LIMIT: '1000', MCP_RATE_LIMIT: '1000' },
    limit: async () => ({ limit: 1000, allowed: true }),
    staticHalf: async () => new Response('Not found\n', { status: 404 }),
    report: (entry) => void logged.push(entry),
  });
  const ask = async (path: string) => (await handler.fetch(new Request(`https://catalog.example${path}`))).status;
  return { opened, handler, ask, logged };
}

describe('createFetchHandler', () => {
  it('checks the columns in the whole load only when a list was answered before it, from them', async () => {
    // First a search without a limit: nothing is answered early, the columns are never read, and the build serves.
    const whole = openWithOtherTitle();
    expect(await whole.ask('/api/v1/templates?q=launch')).toBe(200);
    expect(await whole.ask('/api/v1/templates?q=launch&limit=2')).toBe(200);
    expect(whole.opened.reads).not.toContain(SEARCH_COLUMNS_PATH);
    expect(whole.logged).toEqual([]);

    // First a search with a limit, answered from the columns: the whole load after it refuses them.
    const early = openWithOtherTitle();
    expect(await early.ask('/api/v1/templates?q=launch&limit=2')).toBe(200);
    await expect(early.handler.ready()).rejects.toThrow(`${SEARCH_COLUMNS_PATH} does not list the templates of the shards`);
    expect(await early.ask('/api/v1/templates?limit=1')).toBe(500);
    expect(early.logged).toHaveLength(1);
  });
});
