import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYSTEM_PACKAGES, findMissingPackages, hasCommand, planAptCommands } from '../../scripts/lib/system-packages.ts';

describe('findMissingPackages', () => {
  it('keeps only the packages found absent, with why each is needed', () => {
    const missing = findMissingPackages(SYSTEM_PACKAGES, (p) => p.name !== 'haproxy' && p.name !== 'nginx-light');
    expect(missing.map((p) => p.name)).toEqual(['haproxy', 'nginx-light']);
    expect(missing.every((p) => p.why.length > 0)).toBe(true);
  });

  it('lists every package the suites run, each once', () => {
    const names = SYSTEM_PACKAGES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['redis-server', 'chromium', 'default-jre-headless', 'varnish', 'varnish-modules', 'haproxy', 'nginx-light', 'gettext-base']));
  });
});

describe('hasCommand', () => {
  it('finds an executable on PATH and not a name that is none', () => {
    expect(hasCommand('sh')).toBe(true);
    expect(hasCommand('no-such-command-here')).toBe(false);
  });
});

describe('planAptCommands', () => {
  it('runs apt-get itself as root', () => {
    expect(planAptCommands(['haproxy'], { root: true, interactive: false })).toEqual([
      ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
      ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'haproxy'],
    ]);
  });

  it('goes through sudo otherwise, never waiting for a password nobody can type', () => {
    expect(planAptCommands(['haproxy'], { root: false, interactive: false })[1]!.slice(0, 2)).toEqual(['sudo', '-n']);
    expect(planAptCommands(['haproxy'], { root: false, interactive: true })[1]![1]).toBe('env');
  });
});

describe('npm test', () => {
  it('installs the system packages first, and CI has no list of its own', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.pretest).toBe('node scripts/install-system-packages.ts');
    expect(readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8')).not.toMatch(/apt-get/);
  });
});
