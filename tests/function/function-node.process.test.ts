import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { copyDataOnly, startNodeFunction } from '../helpers/start-function.ts';
import { startServer } from '../helpers/start-server.ts';
import { checkFunctionShape } from './function-shape.ts';

const LIMIT = 40;
const dataOnly = copyDataOnly(inject('distDir'));
afterAll(() => dataOnly.remove());

// `npm run function` over a DIST_DIR holding the data files only; the static half (Markdown
// twins) is the origin serving the same build.
checkFunctionShape({
  name: 'the function on Node (npm run function, data files only)',
  start: async () => {
    const origin = await startServer({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' });
    const fn = await startNodeFunction({ DIST_DIR: dataOnly.distDir, STATIC_ORIGIN: origin.url, REST_RATE_LIMIT: String(LIMIT) });
    return { fn, origin };
  },
  limitBudget: LIMIT,
});

describe('npm run function', () => {
  it('needs only the data files: the catalog head, its shards and the search index', () => {
    const files = readdirSync(join(dataOnly.distDir, 'client'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.every((f) => f.parentPath.includes(join('client', 'data')))).toBe(true);
    expect(files.map((f) => f.name)).toContain('search-index.bin');
  });

  it('stops at start-up with a message naming the missing file when DIST_DIR has no data', async () => {
    await expect(startNodeFunction({ DIST_DIR: '/nonexistent-build' }, 10_000)).rejects.toThrow(/catalog\.json is missing/);
  });
});
