import { listQuerySchema } from '../../schemas/queries.ts';

const limit = listQuerySchema.shape.limit.unwrap();

/** The most templates one search page holds: the `limit` rule of the list query. */
export const SEARCH_PAGE_MAX = limit.maxValue ?? 100;
/** Templates per search_templates page when no limit is given. */
export const SEARCH_PAGE_DEFAULT = 10;
/** Hits the connector `search` tool returns (its one argument leaves no room for paging). */
export const CONNECTOR_RESULTS = 20;
/** Largest request body /api/mcp reads: tool arguments are a few hundred bytes. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

/** `1 MiB`, `512 KiB`, `300 bytes`: a byte count as the docs and messages state it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
