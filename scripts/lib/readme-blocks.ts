import { renderCacheTable } from '../../src/core/cdn/render-cache-table.ts';
import { renderLayoutTable } from './render-layout.ts';
import { renderRouteTable } from './render-route-table.ts';

/** The README's generated blocks, by marker name. */
export const README_TABLES: Record<string, () => string> = { 'cache-table': renderCacheTable, routes: renderRouteTable, layout: () => renderLayoutTable() };

const markers = (name: string) => [`<!-- ${name}:start (npm run docs writes this) -->`, `<!-- ${name}:end -->`] as const;

/** The text between a block's markers, or undefined when the README has no such block. */
export function readGeneratedBlock(text: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from === -1 || to < from ? undefined : text.slice(from + start.length, to).trim();
}

/** `text` with the block `name` replaced by `body`; throws when the markers are missing. */
export function replaceGeneratedBlock(text: string, name: string, body: string): string {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}
