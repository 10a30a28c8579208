/**
 * WebMCP: where the browser offers a model context (`document.modelContext` in the current
 * draft and in Chromium behind its WebMCP flag; `navigator.modelContext` in earlier drafts and
 * polyfills), the page registers the catalog's search and studio-link as read-only tools for
 * an in-browser agent. Their definitions are the MCP server's own (from the published server
 * card: name, title, description, input schema) and they answer from the REST API, so an agent
 * gets here what /api/mcp would give it. Browsers without WebMCP load nothing more.
 */
import { SERVER_CARD_WELL_KNOWN_PATH } from '../../contracts/discovery/discovery-paths.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import { toQueryArguments } from '../../contracts/mcp/argument-renames.ts';

/** A tool's answer, in the shape of an MCP tool result. */
interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: unknown;
  isError?: boolean;
}

interface WebMcpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean };
  execute: (input: Record<string, unknown>) => Promise<ToolResult>;
}

interface ModelContext {
  registerTool(tool: WebMcpTool): unknown;
}

interface CardTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: object;
}

/** The tools offered in the page, each with the REST endpoint that answers it (arguments become its query by toQueryArguments). */
const PAGE_TOOLS: Record<string, string> = {
  [TOOL_NAMES.searchTemplates]: '/api/v1/templates',
  [TOOL_NAMES.studioLink]: '/api/v1/studio-link',
};

/** The model context the browser offers, if any. */
function findModelContext(): ModelContext | undefined {
  const holders = [document, navigator] as unknown as { modelContext?: ModelContext }[];
  return holders.map((h) => h.modelContext).find((mc) => typeof mc?.registerTool === 'function');
}

/** Calls the REST endpoint of a tool and answers like the MCP tool: the body as text and structured content. */
async function callApi(path: string, input: Record<string, unknown>): Promise<ToolResult> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(toQueryArguments(input ?? {}))) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const res = await fetch(`${path}?${params}`, { headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { error?: string; message?: string };
  if (!res.ok) return { content: [{ type: 'text', text: `Error ${body.error ?? res.status}: ${body.message ?? res.statusText}` }], isError: true };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

/**
 * Registers the page tools with the browser's model context; does nothing where there is none.
 * A failure (offline, a refused registration) is a warning: the page itself works without.
 */
export async function registerWebMcpTools(): Promise<void> {
  const context = findModelContext();
  if (!context) return;
  try {
    await registerFromCard(context);
  } catch (err) {
    console.warn('WebMCP tools not registered:', err);
  }
}

async function registerFromCard(context: ModelContext): Promise<void> {
  const res = await fetch(SERVER_CARD_WELL_KNOWN_PATH, { headers: { Accept: 'application/mcp-server-card+json' } });
  const card = (await res.json()) as { _meta?: Record<string, unknown> };
  const listed = Object.entries(card._meta ?? {}).find(([key]) => key.endsWith('/tools'))?.[1] as CardTool[] | undefined;
  for (const tool of listed ?? []) {
    const path = PAGE_TOOLS[tool.name];
    if (!path) continue;
    await context.registerTool({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: true },
      execute: (input) => callApi(path, input),
    });
  }
}
