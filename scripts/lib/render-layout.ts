import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folders the layout table shows, and how deep it looks into each. */
const ROOTS: readonly [folder: string, depth: number][] = [
  ['src', 3],
  ['templates', 1],
  ['deploy', 2],
  ['scripts', 3],
  ['tests', 2],
];

/** Past this many files a folder's row names the first ones and counts the rest. */
const MAX_NAMES = 12;

/** Written in place of a description for a folder docs/layout.md does not describe yet. */
export const UNDESCRIBED = '(describe this folder in docs/layout.md, then run `npm run docs`)';

/** Every folder under `root` down to `depth` that holds files, with those files' names. */
function listFolders(root: string, folder: string, depth: number): { path: string; files: string[] }[] {
  let entries;
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return [];
  }
  const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name).sort();
  const rows = files.length ? [{ path: folder, files }] : [];
  if (depth <= 1) return rows;
  const below = entries.filter((e) => e.isDirectory() && (!e.name.startsWith('.') || e.name === '.well-known') && e.name !== 'fixtures').map((e) => e.name).sort();
  return rows.concat(below.flatMap((name) => listFolders(root, `${folder}/${name}`, depth - 1)));
}

/** The descriptions the layout table holds now, by folder. */
function readDescriptions(page: string): Map<string, string> {
  const rows = page.matchAll(/^\| `([^`]+)\/` \| (.*?) \| [^|]* \|$/gm);
  return new Map([...rows].map(([, path, what]) => [path!, what!]));
}

/**
 * The layout table of docs/layout.md, made from the tree: each folder with its files, and the
 * one-line description the page already gives it (the only thing in the table a person writes).
 */
export function renderLayoutTable(root = process.cwd()): string {
  const descriptions = readDescriptions(readFileSync(join(root, 'docs', 'layout.md'), 'utf8'));
  const folders = ROOTS.flatMap(([folder, depth]) => listFolders(root, folder, depth));
  const rows = folders.map(({ path, files }) => {
    const shown = files.map((f) => f.replace(/\.(ts|astro|json|css|md|vcl|cfg|sh|svg)$/, ''));
    const names = shown.length > MAX_NAMES ? `${shown.slice(0, MAX_NAMES).join(', ')} and ${shown.length - MAX_NAMES} more` : shown.join(', ');
    return `| \`${relative(root, join(root, path))}/\` | ${descriptions.get(path) ?? UNDESCRIBED} | ${names} |`;
  });
  return ['| folder | what | files |', '|---|---|---|', ...rows].join('\n');
}
