import { renderCacheTable } from '../../src/core/cdn/render-cache-table.ts';
import { renderLayoutTable } from './render-layout.ts';
import { renderRouteTable } from './render-route-table.ts';
import { renderHostLimits, renderHostRules } from './render-host-blocks.ts';

/** A table the documentation prints from code: the file holding it (from the repository root) and how to print it. */
export interface GeneratedTable {
  file: string;
  render: () => string;
}

/** The documentation's generated blocks, by marker name. */
export const GENERATED_TABLES: Record<string, GeneratedTable> = {
  'cache-table': { file: 'docs/deploying.md', render: renderCacheTable },
  routes: { file: 'docs/api.md', render: renderRouteTable },
  layout: { file: 'docs/layout.md', render: () => renderLayoutTable() },
  'host-rules': { file: 'docs/deploying.md', render: () => renderHostRules() },
  'host-limits': { file: 'docs/deploying.md', render: renderHostLimits },
};

const markers = (name: string) => [`<!-- ${name}:start (npm run docs writes this) -->`, `<!-- ${name}:end -->`] as const;

/** The text between a block's markers, or undefined when the text has no such block. */
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
  if (from === -1 || to < from) throw new Error(`no ${start} … ${end} block`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}
