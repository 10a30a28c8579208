/**
 * `npm test`'s first step (the `pretest` script): installs the Debian packages the suites run for
 * real (Redis, Chromium, Java, Varnish, haproxy, nginx), saying which and why, and skipping what
 * is present. Root runs apt-get itself; anyone else goes through sudo. Without apt-get it says
 * what is missing and leaves the suites to report it.
 */
import { spawnSync } from 'node:child_process';
import { SYSTEM_PACKAGES, findMissingPackages, hasCommand, planAptCommands } from './lib/system-packages.ts';

const missing = findMissingPackages();
if (missing.length === 0) {
  console.log(`system packages: all present (${SYSTEM_PACKAGES.map((p) => p.name).join(', ')})`);
  process.exit(0);
}

console.log('npm test runs its suites against real programs; these system packages are missing:');
for (const p of missing) console.log(`  ${p.name}: ${p.why}`);

if (!hasCommand('apt-get')) {
  console.log('No apt-get here: install them with your package manager. The suites that need them will fail or be skipped.');
  process.exit(0);
}

const root = process.getuid?.() === 0;
if (!root && !hasCommand('sudo')) {
  console.error(`Not root and no sudo: run as root, or install them first: apt-get install ${missing.map((p) => p.name).join(' ')}`);
  process.exit(1);
}
const interactive = Boolean(process.stdin.isTTY) && !process.env.CI;
console.log(`installing them with apt-get${root ? '' : ' through sudo'}:`);
for (const command of planAptCommands(missing.map((p) => p.name), { root, interactive })) {
  console.log(`$ ${command.join(' ')}`);
  const result = spawnSync(command[0]!, command.slice(1), { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`failed (exit ${result.status ?? result.signal}): install them by hand, then run npm test again`);
    process.exit(1);
  }
}
const still = findMissingPackages(missing);
if (still.length) {
  console.error(`still missing after apt-get: ${still.map((p) => p.name).join(', ')}`);
  process.exit(1);
}
console.log(`installed: ${missing.map((p) => p.name).join(', ')}`);
