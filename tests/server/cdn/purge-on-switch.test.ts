import { beforeAll, describe, expect, it } from 'vitest';
import type { CdnPurger } from '../../../src/server/cdn/cdn-purger.ts';
import { createSwitchPurge } from '../../../src/server/cdn/purge-on-switch.ts';
import type { LoadedBuild } from '../../../src/server/lifecycle/load-build.ts';
import type { Catalog } from '../../../src/core/catalog/catalog.ts';
import { batchTags } from '../../../src/server/cdn/varnish-purge.ts';
import { setLogLevel } from '../../../src/server/observe/log.ts';

beforeAll(() => setLogLevel('silent')); // the retries log warnings by design

/** A build without a change list beside it (a folder that does not exist): the purge must clear everything. */
function fakeBuild(id: string): LoadedBuild {
  const catalog = { byRef: new Map() } as unknown as Catalog;
  return { id, key: id, catalog, builtAt: '', siteUrl: 'http://localhost:4321', clientDir: `/nonexistent/${id}/client`, serverEntry: '', shards: new Map(), reusedShards: 0 };
}

function recordingPurger(name: string, failures: number): CdnPurger & { calls: string[] } {
  const calls: string[] = [];
  let left = failures;
  const attempt = async (what: string) => {
    calls.push(what);
    if (left-- > 0) throw new Error(`${name} is down`);
  };
  return { name, calls, purgeTags: (tags) => attempt(tags.join(' ')), purgeEverything: () => attempt('everything') };
}

describe('createSwitchPurge', () => {
  it('purges every CDN on its own, retries a failing one as scheduled and gives up without throwing', async () => {
    const down = recordingPurger('down', Infinity);
    const flaky = recordingPurger('flaky', 1);
    const healthy = recordingPurger('healthy', 0);
    const purge = createSwitchPurge([down, flaky, healthy], [5, 5]);
    await expect(purge(fakeBuild('a'), fakeBuild('b'))).resolves.toBeUndefined();
    expect(down.calls).toEqual(['everything', 'everything', 'everything']);
    expect(flaky.calls).toEqual(['everything', 'everything']);
    expect(healthy.calls).toEqual(['everything']);
  });

  it('purges nothing at start-up or when the same build is loaded again', async () => {
    const healthy = recordingPurger('healthy', 0);
    const purge = createSwitchPurge([healthy]);
    await purge(undefined, fakeBuild('a'));
    await purge(fakeBuild('a'), fakeBuild('a'));
    expect(healthy.calls).toEqual([]);
  });
});

describe('batchTags', () => {
  it('keeps every header value under 4,000 bytes and loses no tag', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `template:tpl-${String(i).padStart(5, '0')}`);
    const batches = batchTags(tags);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(4000);
    expect(batches.join(' ').split(' ')).toEqual(tags);
  });
});
