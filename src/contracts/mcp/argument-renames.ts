/**
 * The one way MCP (and WebMCP) arguments differ from the REST query: the list's `q` is called
 * `query`, the word tool callers expect. Every other argument keeps the query's name. Free of
 * zod, so the page script that registers WebMCP tools can read it.
 */
export const ARGUMENT_RENAMES = { q: 'query' } as const;

/** Tool arguments under their query names (`query` → `q`), for the operation or endpoint they call. */
export function toQueryArguments(args: Record<string, unknown>): Record<string, unknown> {
  const back: Record<string, string> = Object.fromEntries(Object.entries(ARGUMENT_RENAMES).map(([from, to]) => [to, from]));
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [back[name] ?? name, value]));
}
