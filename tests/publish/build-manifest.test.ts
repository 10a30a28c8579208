import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, readBuildManifest, writeBuildManifest, type BuildManifest } from '../../src/publish/build-manifest.ts';
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

describe('writeBuildManifest / readBuildManifest', () => {
  it('round-trips files and template digests', () => {
    const manifest: BuildManifest = {
      build: '20260101T000000Z-0001',
      files: new Map([
        ['index.html', { hash: 'abc', size: 2048, br: 600, gz: 700 }],
        ['api/v1/templates/tpl-1', { hash: 'def', size: 300, br: 0, gz: 0 }],
      ]),
      templates: new Map([['tpl-1', 'd1']]),
    };
    writeBuildManifest(dir, manifest);
    expect(readBuildManifest(dir)).toEqual(manifest);
  });

  it('refuses a manifest of another format', () => {
    writeRecordFile(join(dir, MANIFEST_FILE), { format: 'other/1', build: 'x' }, []);
    expect(() => readBuildManifest(dir)).toThrow(/not a tcs-build-manifest\/1 file/);
  });
});
