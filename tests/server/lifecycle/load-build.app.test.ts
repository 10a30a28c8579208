import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardPath } from '../../../src/contracts/published/catalog-shards.ts';
import { loadBuild, type LoadedBuild } from '../../../src/server/lifecycle/load-build.ts';
import { createBuildsRoot, rewriteClientFile } from './build-fixtures.ts';
import { editShard, readHead, readShard, splitShards } from './shard-fixtures.ts';

describe('loadBuild', () => {
  const root = createBuildsRoot();
  let servingDir: string;
  let serving: LoadedBuild;

  /** Publishes a build made of links to the serving one, `edit` replacing some of its files, and loads it beside the serving one. */
  async function loadLinked(id: string, edit: (dir: string) => void): Promise<LoadedBuild> {
    root.publish(root.linkBuild(id, servingDir, edit));
    return loadBuild(root.distDir, { serving });
  }

  beforeAll(async () => {
    servingDir = root.addBuild('20260101T000000Z-aaaa', (dir) => splitShards(dir, 4));
    root.publish(servingDir);
    serving = await loadBuild(root.distDir);
  });
  afterAll(() => root.remove());

  it('reuses the shards a new build shares with the serving one', async () => {
    const edited = readShard(servingDir, 2)[0]!;
    const next = await loadLinked('20260101T000100Z-bbbb', (dir) => {
      editShard(dir, 2, (templates) => void (templates[0]!.description += ' Edited.'));
      rewriteClientFile(dir, shardPath(0), (text) => text); // a new file with the same bytes is read again
    });

    expect(serving.reusedShards).toBe(0);
    expect(next.reusedShards).toBe(2);
    expect(next.catalog.byRef.get(edited.id)!.description).toBe(`${edited.description} Edited.`);
    expect(next.catalog.templates).toHaveLength(serving.catalog.templates.length);
    for (const n of [1, 3]) {
      for (const { id } of readShard(servingDir, n)) expect(next.catalog.byRef.get(id), id).toBe(serving.catalog.byRef.get(id));
    }
    for (const { id } of readShard(servingDir, 0)) expect(next.catalog.byRef.get(id)).not.toBe(serving.catalog.byRef.get(id));
  });

  it('still refuses a corrupt shard, and a changed template of the wrong shape, among shared ones', async () => {
    await expect(loadLinked('20260101T000200Z-cccc', (dir) => rewriteClientFile(dir, shardPath(1), (text) => text.slice(0, 100)))).rejects.toThrow(
      /The build is corrupt: .*20260101T000200Z-cccc\/client\/data\/catalog\/1\.json is not valid JSON/,
    );
    const middle = Math.floor(readShard(servingDir, 3).length / 2);
    await expect(
      loadLinked('20260101T000300Z-dddd', (dir) => editShard(dir, 3, (templates) => void ((templates[middle] as { tier: string }).tier = 'gold'))),
    ).rejects.toThrow(new RegExp(`template ${middle} of .*20260101T000300Z-dddd/client/data/catalog/3\\.json does not match the Template shape`));
  });

  it('counts the shared shards against the head', async () => {
    const count = readHead(servingDir).templateCount;
    await expect(
      loadLinked('20260101T000400Z-eeee', (dir) => rewriteClientFile(dir, 'data/catalog.json', (text) => JSON.stringify({ ...JSON.parse(text), templateCount: count + 1 }))),
    ).rejects.toThrow(`the shards hold ${count} templates where`);
  });
});
