import { readBuildManifest } from '../src/publish/build-manifest.ts';
import { scanClientFiles } from '../src/publish/scan-files.ts';
import { join } from 'node:path';
const dir = process.argv[2]!;
const m = readBuildManifest(dir);
const scanned = scanClientFiles(join(dir, 'client'));
let bad = 0;
for (const [f, e] of m.files) { const s = scanned.get(f); if (!s || s.hash !== e.hash || s.br !== e.br || s.gz !== e.gz) { bad++; if (bad < 5) console.log('differs', f, e, s); } }
console.log(dir, m.files.size, 'files,', bad, 'differ from the manifest;', scanned.size - m.files.size, 'extra');
