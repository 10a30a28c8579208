import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readChangeChain } from '../../src/publish/change-chain.ts';
import type { ChangeList } from '../../src/schemas/change-list.ts';

const builds = mkdtempSync(join(tmpdir(), 'change-chain-'));
afterAll(() => rmSync(builds, { recursive: true, force: true }));

function writeList(build: string, previous: string | null, templates: string[] = []): ChangeList {
  const list: ChangeList = {
    version: 1,
    build,
    previous,
    mode: 'full',
    paths: { changed: templates.map((t) => `/api/v1/templates/${t}`), added: [], removed: [] },
    templates: { changed: templates, added: [], removed: [] },
  };
  mkdirSync(join(builds, build), { recursive: true });
  writeFileSync(join(builds, build, 'changes.json'), JSON.stringify(list));
  return list;
}

const a = writeList('a', null);
const b = writeList('b', 'a', ['tpl-1']);
const c = writeList('c', 'b', ['tpl-2']);
mkdirSync(join(builds, 'd')); // published without a change list
writeList('e', 'd', ['tpl-3']);
mkdirSync(join(builds, 'f'));
writeFileSync(join(builds, 'f', 'changes.json'), '{"version":2}');

describe('readChangeChain', () => {
  it('gives the one list of a build made right after the serving one', () => {
    expect(readChangeChain(builds, 'b', 'c')).toEqual([c]);
  });

  it('gives every list, oldest first, when builds were published in between', () => {
    expect(readChangeChain(builds, 'a', 'c')).toEqual([b, c]);
  });

  it('gives nothing to follow for the same build', () => {
    expect(readChangeChain(builds, 'c', 'c')).toEqual([]);
  });

  it('says the way back is unknown when a list is missing, unreadable, starts from nothing, or never reaches the serving build', () => {
    expect(readChangeChain(builds, 'c', 'e')).toBeNull(); // d has no list
    expect(readChangeChain(builds, 'e', 'f')).toBeNull(); // f's list is not version 1
    expect(readChangeChain(builds, 'x', 'c')).toBeNull(); // back to a's list, which has no previous
    expect(a.previous).toBeNull();
  });
});
