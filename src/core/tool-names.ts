/**
 * The MCP tools' names: src/contracts/mcp defines a tool under each, and every text that
 * tells an agent which tool to call next (descriptions, results, errors, prompts, the
 * instructions, the Markdown twins, the docs) reads the name from here.
 */
export const TOOL_NAMES = {
  searchTemplates: 'search_templates',
  getTemplate: 'get_template',
  studioLink: 'studio_link',
  /** ChatGPT connectors and deep research: one string `query`, results as JSON text. */
  search: 'search',
  /** ChatGPT connectors and deep research: one string `id`, the document as JSON text. */
  fetch: 'fetch',
} as const;
