import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';

/** Runs `script` in a Node process whose TMPDIR is `base`, after useRunTmpdir(); returns what it prints. */
function runWithRunTmpdir(base: string, script: string): string {
  const code = `import { useRunTmpdir } from ${JSON.stringify(join(process.cwd(), 'tests/helpers/run-tmpdir.ts'))};\nuseRunTmpdir();\n${script}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, TMPDIR: base }, encoding: 'utf8' });
}

describe('useRunTmpdir', () => {
  const makeBase = () => {
    const base = mkdtempSync(join(tmpdir(), 'run-tmpdir-test-'));
    onTestFinished(() => rmSync(base, { recursive: true, force: true }));
    return base;
  };

  it('gives the run and what it spawns a folder of its own, removed with what was left in it when the run exits', () => {
    const base = makeBase();
    const printed = runWithRunTmpdir(base, `
      import { execFileSync } from 'node:child_process';
      import { tmpdir } from 'node:os';
      const child = execFileSync('sh', ['-c', 'd=$(mktemp -d) && touch "$d/left-behind" && echo "$d"'], { encoding: 'utf8' }).trim();
      import { statSync } from 'node:fs';
      console.log(JSON.stringify({ own: tmpdir(), mode: statSync(tmpdir()).mode & 0o7777, child }));`);
    const { own, mode, child } = JSON.parse(printed) as { own: string; mode: number; child: string };
    expect(own).toMatch(new RegExp(`^${base}/catalog-test-run-\\d+$`));
    expect(mode.toString(8), 'writable by every user, as /tmp is').toBe('1777');
    expect(child.startsWith(`${own}/`), child).toBe(true);
    expect(existsSync(own)).toBe(false);
    expect(readdirSync(base)).toEqual([]);
  });

  it('removes the folder of a run that was killed, and keeps one whose run is alive', () => {
    const base = makeBase();
    const dead = execFileSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' }).trim();
    for (const pid of [dead, String(process.pid)]) {
      mkdirSync(join(base, `catalog-test-run-${pid}`));
      writeFileSync(join(base, `catalog-test-run-${pid}`, 'profile'), '');
    }
    runWithRunTmpdir(base, '');
    expect(readdirSync(base)).toEqual([`catalog-test-run-${process.pid}`]);
  });
});
