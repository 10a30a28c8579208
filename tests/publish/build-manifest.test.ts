import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  linkManifestSegment,
  MANIFEST_DIR,
  readManifestHead,
  readManifestSegment,
  writeManifestHead,
  writeManifestSegment,
  type ManifestHead,
} from '../../src/publish/build-manifest.ts';
import type { ManifestSegment } from '../../src/publish/manifest-segments.ts';
import { readRecordFile, RecordFileError, writeRecordFile } from '../../src/publish/line-records.ts';

const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeRecordFile / readRecordFile', () => {
  const path = join(dir, 'records.tsv');

  it('reads back what it wrote, across many slices', () => {
    const records = Array.from({ length: 60_000 }, (_, i) => [`file-${i}.html`, 'x'.repeat(i % 40), String(i)]);
    writeRecordFile(path, { format: 'test/1' }, records);
    const read = readRecordFile(path);
    expect(read.header).toEqual({ format: 'test/1' });
    expect(read.records).toEqual(records);
  });

  it('reads an empty file list', () => {
    writeRecordFile(path, { format: 'test/1' }, []);
    expect(readRecordFile(path).records).toEqual([]);
  });

  it('refuses a truncated, altered or missing file, saying which', () => {
    writeRecordFile(path, { format: 'test/1' }, [['a', '1'], ['b', '2']]);
    const whole = readFileSync(path, 'utf8');
    writeFileSync(path, whole.slice(0, whole.length - 20));
    expect(() => readRecordFile(path)).toThrow(/truncated/);
    writeFileSync(path, whole.replace('b\t2', 'b\t3'));
    expect(() => readRecordFile(path)).toThrow(/checksum/);
    expect(() => readRecordFile(join(dir, 'nope.tsv'))).toThrow(RecordFileError);
  });

  it('refuses a field that would break the line format', () => {
    expect(() => writeRecordFile(path, {}, [['a\tb']])).toThrow(/tab or newline/);
  });
});

describe('writeManifestHead / readManifestHead', () => {
  it('round-trips the segment digests and the files not keyed', () => {
    const head: ManifestHead = {
      build: '20260101T000000Z-0001',
      segments: ['d0', 'd1'],
      files: new Map([
        ['index.html', { hash: 'abc', size: 2048, br: 600, gz: 700 }],
        ['robots.txt', { hash: 'def', size: 300, br: 0, gz: 0 }],
      ]),
    };
    writeManifestHead(dir, head);
    expect(readManifestHead(dir)).toEqual(head);
  });

  it('refuses a head of another format, or one that misses a segment', () => {
    writeRecordFile(join(dir, MANIFEST_DIR, 'head.tsv'), { format: 'tcs-build-manifest/1', build: 'x' }, []);
    expect(() => readManifestHead(dir)).toThrow(/not a tcs-build-manifest\/2 file/);
    writeRecordFile(join(dir, MANIFEST_DIR, 'head.tsv'), { format: 'tcs-build-manifest/2', build: 'x', segments: 2 }, [['S', '0', 'd0']]);
    expect(() => readManifestHead(dir)).toThrow(/does not list every segment/);
  });
});

describe('writeManifestSegment / readManifestSegment', () => {
  const segment: ManifestSegment = {
    digest: 'seg-digest',
    keyed: [{ path: '/templates/a', key: 'k1', file: 'templates/a.html', hash: 'h1', size: 5000, br: 900, gz: 1000 }],
    templates: [['tpl-1', 'd1']],
  };

  it('round-trips keyed outputs and template digests', () => {
    writeManifestSegment(dir, 1, 4, segment);
    expect(readManifestSegment(dir, 1, 4)).toEqual(segment);
  });

  it('refuses a segment read as another one, so a stale file is never taken for the right one', () => {
    writeManifestSegment(dir, 1, 4, segment);
    expect(() => readManifestSegment(dir, 1, 8)).toThrow(/is not segment 1 of 8/);
  });

  it('links an unchanged segment from the build before: the same file, no build named in it', () => {
    const next = mkdtempSync(join(tmpdir(), 'manifest-next-'));
    writeManifestSegment(dir, 2, 4, segment);
    linkManifestSegment(dir, next, 2);
    expect(statSync(join(next, MANIFEST_DIR, '2.tsv')).ino).toBe(statSync(join(dir, MANIFEST_DIR, '2.tsv')).ino);
    expect(readManifestSegment(next, 2, 4)).toEqual(segment);
    rmSync(next, { recursive: true, force: true });
  });
});
