import { existsSync, lstatSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Folders moved aside in this run, deleted once its measurements are done. */
const aside = new Set<string>();

/**
 * Moves each existing path out of the way of the next build, to be deleted by `deleteSetAside`
 * when the run is over. A rename frees no inode. On an ext4 without a journal (this machine's
 * disk), ext4 does not reuse an inode freed in the last 60 s (360 s while its table block is
 * unwritten), and each new file's inode is found by reading past those. A clean 10,000-template
 * build right after deleting the previous one's ~190,000 files took 51–80 s, with 70–128 s of
 * kernel CPU. After five quiet minutes it took 17–18 s, with 8–10 s of kernel CPU
 * (docs/scale.md). Leftovers of an interrupted run are picked up too.
 */
export function setAside(...paths: string[]): void {
  for (const path of paths) {
    const dir = dirname(path);
    const name = basename(path);
    if (existsSync(dir)) for (const left of readdirSync(dir).filter((n) => n.startsWith(`${name}.aside-`))) aside.add(join(dir, left));
    if (!lstatSync(path, { throwIfNoEntry: false })) continue; // a build folder is a link, and may dangle
    const to = `${path}.aside-${process.pid}-${aside.size}`;
    renameSync(path, to);
    aside.add(to);
  }
}

/** Deletes what `setAside` moved: at the end of the bench run, after its last build. */
export function deleteSetAside(): void {
  for (const path of aside) rmSync(path, { recursive: true, force: true });
  aside.clear();
}
