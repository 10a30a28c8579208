import { getTemplate } from '../../core/operations/get-template.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  connectorFetchInputSchema,
  connectorSearchInputSchema,
  type ConnectorDocument,
  type ConnectorSearchResults,
} from '../../schemas/connector.ts';
import type { Template } from '../../schemas/template.ts';
import { defineTool, type BuiltTool } from './define-tool.ts';
import { describeConnectorFetch, describeConnectorSearch } from './tool-descriptions.ts';
import { CONNECTOR_RESULTS } from './tool-limits.ts';

/**
 * The answer as connectors read it: exactly one text block holding the JSON. No
 * `structuredContent` (and no output schema): it would repeat the same JSON in the context.
 */
function answerAsJson(body: ConnectorSearchResults | ConnectorDocument): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** A template as one fetched document: its Markdown page as text, its facts as metadata. */
export function toConnectorDocument(t: Template): ConnectorDocument {
  const metadata: ConnectorDocument['metadata'] = {
    slug: t.slug,
    category: t.category,
    tier: t.tier,
    priceUsd: t.priceCents / 100,
    durationSeconds: t.durationSeconds,
    formats: [...t.formats],
    studioUrl: t.studioUrl,
  };
  if (t.categoryLabel) metadata.categoryLabel = t.categoryLabel;
  if (t.markdownUrl) metadata.markdownUrl = t.markdownUrl;
  if (t.publishedAt) metadata.publishedAt = t.publishedAt;
  return { id: t.id, title: t.title, text: renderTemplateMarkdown(t), url: t.url, metadata };
}

/**
 * `search` and `fetch` in the shapes ChatGPT connectors and deep research require, on the
 * same search and lookup as search_templates and get_template.
 */
export const CONNECTOR_TOOLS: readonly BuiltTool[] = [
  defineTool({
    name: TOOL_NAMES.search,
    icon: 'search-templates',
    mirrors: 'GET /api/v1/templates',
    title: 'Search templates (connector)',
    describe: describeConnectorSearch,
    input: connectorSearchInputSchema,
    check: connectorSearchInputSchema,
    searchTool: TOOL_NAMES.search,
    run: ({ query }, { catalog }) => {
      const { templates } = listTemplates(catalog, { q: query, limit: CONNECTOR_RESULTS });
      return answerAsJson({ results: templates.map((t) => ({ id: t.id, title: t.title, url: t.url })) });
    },
  }),
  defineTool({
    name: TOOL_NAMES.fetch,
    icon: 'get-template',
    mirrors: 'GET /api/v1/templates/{id}',
    title: 'Fetch a template (connector)',
    describe: describeConnectorFetch,
    input: connectorFetchInputSchema,
    check: connectorFetchInputSchema,
    searchTool: TOOL_NAMES.search,
    run: ({ id }, { catalog }) => answerAsJson(toConnectorDocument(getTemplate(catalog, id).template)),
  }),
];
