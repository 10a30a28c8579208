import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'catalog-test-run-';

/** True while a process of this id runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes a folder of this test run the TMPDIR of everything it starts (worker threads copy the
 * environment when they start; spawned servers, Chromium and wrangler inherit it) and removes it
 * when the run's process exits. What others leave in their temporary folder goes with it:
 * Playwright's profile of a kept Chromium, killed with its worker thread rather than closed;
 * Chromium's singleton folder after a SIGTERM; wrangler's miniflare folder. Folders of runs that
 * were killed before they could remove theirs are removed here.
 */
export function useRunTmpdir(): string {
  const base = tmpdir();
  for (const name of readdirSync(base)) {
    const pid = name.startsWith(PREFIX) ? Number(name.slice(PREFIX.length)) : Number.NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(join(base, name), { recursive: true, force: true });
  }
  const dir = join(base, `${PREFIX}${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // As open as the folder it stands for: varnishd -C makes its work folder as an unprivileged user.
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
  return dir;
}
