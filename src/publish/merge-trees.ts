import { existsSync, lstatSync, readdirSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Moves every entry of the folder `from` into `into` and removes `from`: an entry `into` lacks
 * moves whole (one rename for a folder of thousands of files), a folder both have is merged
 * entry by entry. A file both have is a clash between two outputs and throws.
 */
export function mergeTrees(from: string, into: string): void {
  if (!existsSync(into)) {
    renameSync(from, into);
    return;
  }
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(into, name);
    const there = lstatSync(target, { throwIfNoEntry: false });
    if (!there) renameSync(source, target);
    else if (there.isDirectory() && lstatSync(source).isDirectory()) mergeTrees(source, target);
    else throw new Error(`two outputs of the build are named ${target}`);
  }
  rmdirSync(from);
}
