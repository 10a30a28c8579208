import { describe, expect, it } from 'vitest';
import { planPurge } from '../../../src/core/cdn/purge-plan.ts';
import { selectPathTags } from '../../../src/contracts/routes/route-tags.ts';
import type { ChangeList } from '../../../src/schemas/change-list.ts';

const now: Record<string, string> = { 'neon-launch': 'tpl-1', 'tpl-1': 'tpl-1', 'calm-intro': 'tpl-3', 'tpl-3': 'tpl-3' };
const before: Record<string, string> = { ...now, 'old-promo': 'tpl-9', 'tpl-9': 'tpl-9' };
const lookups = [(ref: string) => now[ref], (ref: string) => before[ref]];

interface ListParts {
  build?: string;
  previous?: string | null;
  paths?: Partial<ChangeList['paths']>;
  templates?: Partial<ChangeList['templates']>;
}

function changeList(over: ListParts): ChangeList {
  return {
    version: 1,
    build: over.build ?? 'b2',
    previous: over.previous === undefined ? 'b1' : over.previous,
    mode: 'incremental',
    paths: { changed: [], added: [], removed: [], ...over.paths },
    templates: { changed: [], added: [], removed: [], ...over.templates },
  };
}

describe('planPurge', () => {
  it('purges an edited template, the groups whose files changed and the list answers computed from the data', () => {
    const edit = changeList({
      paths: {
        changed: ['/api/v1/templates/neon-launch', '/api/v1/templates/tpl-1', '/categories/launch', '/data/catalog.json', '/data/search-index.bin', '/llms-full.txt', '/templates/neon-launch', '/templates/neon-launch.md'],
      },
      templates: { changed: ['tpl-1'] },
    });
    expect(planPurge([edit], lookups, selectPathTags)).toEqual({ everything: false, tags: ['category:launch', 'data', 'lists', 'llms', 'template:tpl-1'] });
  });

  it('names a removed template by the catalog before the switch, and a neighbour whose page changed by its own tag', () => {
    const removal = changeList({
      paths: { changed: ['/templates/calm-intro'], removed: ['/templates/old-promo', '/templates/old-promo.md'] },
      templates: { removed: ['tpl-9'] },
    });
    expect(planPurge([removal], lookups, selectPathTags).tags).toEqual(['template:tpl-3', 'template:tpl-9']);
  });

  it('adds up the lists of builds a server skipped', () => {
    const first = changeList({ build: 'b2', previous: 'b1', templates: { changed: ['tpl-1'] } });
    const second = changeList({ build: 'b3', previous: 'b2', paths: { changed: ['/openapi.json'] } });
    expect(planPurge([first, second], lookups, selectPathTags).tags).toEqual(['site', 'template:tpl-1']);
  });

  it('purges everything when a list has no previous build to compare with', () => {
    expect(planPurge([changeList({ previous: null })], lookups, selectPathTags)).toEqual({ everything: true, tags: [] });
  });

  it('purges nothing for a build that changed no cached answer (only hashed assets) or for no lists at all', () => {
    expect(planPurge([changeList({ paths: { added: ['/_astro/BaseLayout.x.css'] } })], lookups, selectPathTags)).toEqual({ everything: false, tags: [] });
    expect(planPurge([], lookups, selectPathTags)).toEqual({ everything: false, tags: [] });
  });
});
