import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { CATALOG_TOOLS } from './catalog-tools.ts';
import { CONNECTOR_TOOLS } from './connector-tools.ts';
import { MCP_TOOL_ANNOTATIONS, type BuiltTool, type ToolContext } from './define-tool.ts';
import { buildMcpIcon } from './server-info.ts';
import { oncePerSite } from './once-per-site.ts';
import { GALLERY_URI } from './gallery-app.ts';

/**
 * Every tool, in the order tools/list shows them: the catalog's three (the flow), then the
 * connector pair. The one definition every listing (tools/list, server card, docs) derives from.
 */
export const MCP_TOOLS: readonly BuiltTool[] = [...CATALOG_TOOLS, ...CONNECTOR_TOOLS];

const BY_NAME = new Map(MCP_TOOLS.map((t) => [t.name, t]));
/** The tools/list entries for a site (descriptions name its /requests page); built once per SITE_URL. */
export const listMcpTools: (siteUrl: string) => Tool[] = oncePerSite((siteUrl) =>
  MCP_TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.describe(siteUrl),
    inputSchema: t.inputSchema,
    ...(t.outputSchema && { outputSchema: t.outputSchema }),
    annotations: MCP_TOOL_ANNOTATIONS,
    icons: [buildMcpIcon(siteUrl, t.icon)],
    ...(t.app && { _meta: { ui: { resourceUri: GALLERY_URI } } }),
  })),
);

/** A tool's definition by name (its advertised output schema, for the wire codec's projection). */
export function findMcpTool(name: string): BuiltTool | undefined {
  return BY_NAME.get(name);
}

/** Runs a tool by name; undefined when no tool has that name. Bad input and misses come back as `isError` results. */
export function callMcpTool(name: string, args: unknown, ctx: ToolContext): CallToolResult | undefined {
  return BY_NAME.get(name)?.call(args, ctx);
}
