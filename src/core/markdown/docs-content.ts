import type { z } from 'zod';
import { ERROR_TABLE } from '../error-table.ts';
import { describeRule } from '../query/describe-rule.ts';
import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import type { ErrorCode } from '../../schemas/responses.ts';

/** The facts the API guide is written from; the /docs page and its twin both render them. */
export interface DocsInput {
  siteUrl: string;
  restRateLimit: number;
  mcpRateLimit: number;
  /** A slug that exists in the catalog, so the examples answer 200 when pasted. */
  exampleSlug: string;
  mcp: McpDocs;
}

/** One query or path parameter of an endpoint. */
export interface DocsParam {
  name: string;
  rule: string;
  meaning: string;
}

/** One REST endpoint with a runnable example. */
export interface DocsEndpoint {
  path: string;
  summary: string;
  params: DocsParam[];
  answers: string;
  curl: string;
}

/** Table rows of a query schema: the rule from the schema, the meaning in words written here. */
function toDocsParams(shape: Record<string, z.ZodType>, meanings: Record<string, string>): DocsParam[] {
  return Object.entries(shape).map(([name, field]) => ({ name, rule: describeRule(field), meaning: meanings[name] ?? '' }));
}

/** The three REST operations, with parameters and curl examples on this site's address. */
export function listDocsEndpoints(siteUrl: string, exampleSlug: string): DocsEndpoint[] {
  const api = `${siteUrl}/api/v1`;
  return [
    {
      path: '/api/v1/templates',
      summary: 'List and search templates. Without q: newest first. With q: by relevance (typos and prefixes allowed); every word must match, or else the templates matching the most words are returned.',
      params: toDocsParams(listQuerySchema.shape, {
        q: 'Free text over title, description, category, tags and example brands.',
        category: 'A category id, such as product-launch.',
        tier: 'Only templates of that tier.',
        format: 'Only templates offered in that format.',
        limit: 'Page size. Without it every match is returned.',
        offset: 'Matches to skip.',
      }),
      answers: '200 TemplateList: apiVersion, count (in this answer), total (all matches), facets, templates.',
      curl: `curl '${api}/templates?q=countdown&tier=free&limit=5'`,
    },
    {
      path: '/api/v1/templates/{id}',
      summary: 'One template by id or slug.',
      params: [{ name: 'id', rule: describeRule(templateIdParamSchema, true), meaning: 'A template id or slug.' }],
      answers: '200 TemplateEnvelope: apiVersion, template. 404 template_not_found names the nearest ids.',
      curl: `curl '${api}/templates/${exampleSlug}'`,
    },
    {
      path: '/api/v1/studio-link',
      summary: 'The address that opens a template in the studio with the brand read from a website. Creates nothing.',
      params: toDocsParams(studioLinkQuerySchema.shape, {
        template: 'Template id or slug.',
        site: "The person's website as a public domain or http(s) address, such as acme.com.",
        format: 'Format in which the studio opens.',
      }),
      answers: '200 StudioLink: apiVersion, url, template (canonical id), site (normalized domain or null).',
      curl: `curl '${api}/studio-link?template=${exampleSlug}&site=acme.com&format=9:16'`,
    },
  ];
}

/** Every error code with its status, when it happens and what to do (from the one error table). */
export function listErrorCodes(): { code: ErrorCode; status: number; when: string }[] {
  return (Object.entries(ERROR_TABLE) as [ErrorCode, (typeof ERROR_TABLE)[ErrorCode]][]).map(([code, e]) => ({
    code,
    status: e.status,
    when: `${e.condition[0]!.toUpperCase()}${e.condition.slice(1)}. ${e.advice}`,
  }));
}

/** One way to connect an MCP client. */
export interface McpClientSnippet {
  client: string;
  where: string;
  language: 'sh' | 'json';
  code: string;
}

/**
 * What the guide says about MCP, filled from the one definition of the MCP surface
 * (src/contracts/mcp) by the pages, so that no tool name is typed here.
 */
export interface McpDocs {
  /** Each tool: name, arguments (with defaults), the REST operation it mirrors. */
  tools: readonly { name: string; input: string; mirrors: string }[];
  /** Sentences on resources, completion and prompts. */
  extras: readonly string[];
  /** What 2026-07-28 clients and 2025-era clients each get. */
  eras: readonly string[];
  clients: readonly McpClientSnippet[];
  /** A raw call with curl. */
  curl: string;
}
