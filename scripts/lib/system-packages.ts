import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A Debian package a test suite needs, how to tell it is there, and which suites need it. */
export interface SystemPackage {
  name: string;
  /** A command on PATH the package provides, or (for a package with no command) undefined. */
  command?: string;
  why: string;
}

/** Every system package `npm test` needs: the one list (`npm test` installs what is missing). */
export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  { name: 'redis-server', command: 'redis-server', why: 'rate limits shared between instances (tests/server, tests/hardening)' },
  { name: 'chromium', command: 'chromium', why: 'the browser tests, axe and Lighthouse (tests/e2e, tests/search)' },
  { name: 'default-jre-headless', command: 'java', why: 'Java for the Nu HTML Checker (vnu-jar) over every page type' },
  { name: 'varnish', command: 'varnishd', why: 'the shipped Varnish config, run (tests/deploy)' },
  { name: 'varnish-modules', why: 'the xkey module the shipped Varnish config purges with (tests/deploy)' },
  { name: 'haproxy', command: 'haproxy', why: 'the shipped haproxy config, run (tests/deploy)' },
  { name: 'nginx-light', command: 'nginx', why: 'the shipped nginx template, run (tests/deploy)' },
  { name: 'gettext-base', command: 'envsubst', why: 'envsubst, which fills the nginx template (tests/deploy)' },
];

/** Whether `command` is an executable file in one of PATH's folders (or under /usr/sbin, /sbin). */
export function hasCommand(command: string, path = process.env.PATH ?? ''): boolean {
  const folders = [...path.split(delimiter), '/usr/sbin', '/sbin'].filter(Boolean);
  return folders.some((folder) => {
    try {
      accessSync(join(folder, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Whether dpkg counts `name` as installed; false where there is no dpkg. */
export function isDpkgInstalled(name: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes('install ok installed');
  } catch {
    return false;
  }
}

/** The packages of `list` that are missing: no command on PATH, or (without a command) not installed by dpkg. */
export function findMissingPackages(list = SYSTEM_PACKAGES, present = (p: SystemPackage) => (p.command ? hasCommand(p.command) : isDpkgInstalled(p.name))): SystemPackage[] {
  return list.filter((p) => !present(p));
}

/** The commands that install `names` with apt-get: as they are for root, through sudo otherwise (`-n` when nobody can answer a password prompt). */
export function planAptCommands(names: readonly string[], { root, interactive }: { root: boolean; interactive: boolean }): string[][] {
  const env = ['env', 'DEBIAN_FRONTEND=noninteractive'];
  const prefix = root ? env : ['sudo', ...(interactive ? [] : ['-n']), ...env];
  return [
    [...prefix, 'apt-get', 'update', '-qq'],
    [...prefix, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...names],
  ];
}
