import type { z } from 'zod';
import { ERROR_TABLE } from '../error-table.ts';
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from '../header-names.ts';
import { describeRule } from '../query/describe-rule.ts';
import { configSchema } from '../../schemas/config.ts';
import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import type { ErrorCode } from '../../schemas/responses.ts';

/** The facts the API guide is written from; /docs, its twin and the agent skill all read them. */
export interface DocsInput {
  siteUrl: string;
  /** A slug that exists in the catalog, so the examples answer 200 when pasted. */
  exampleSlug: string;
  mcp: McpDocs;
  /** Discovery and machine-readable files, each with what it is. */
  files: readonly DocsFile[];
}

/** A published file an agent or tool reads. */
export interface DocsFile {
  label: string;
  url: string;
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

/** Rows of a query schema: the rule and the meaning, both from the schema that checks the parameter. */
function toDocsParams(shape: Record<string, z.ZodType>): DocsParam[] {
  return Object.entries(shape).map(([name, field]) => ({ name, rule: describeRule(field), meaning: field.description ?? '' }));
}

/** The three REST operations, with parameters and curl examples on this site's address. */
export function listDocsEndpoints(siteUrl: string, exampleSlug: string): DocsEndpoint[] {
  const api = `${siteUrl}/api/v1`;
  return [
    {
      path: '/api/v1/templates',
      summary: 'List and search templates. Without q: newest first. With q: by relevance (typos and prefixes allowed); every word must match; when none has them all, the templates matching the most words are returned, and when fewer than five have them all, those with every word but the commonest follow.',
      params: toDocsParams(listQuerySchema.shape),
      answers: '200 TemplateList: apiVersion, count (in this answer), total (all matches), facets, templates; suggestion (did you mean) and understood (the filters read from q, the words left to match) when they apply.',
      curl: `curl '${api}/templates?q=countdown&tier=free&limit=5'`,
    },
    {
      path: '/api/v1/templates/{id}',
      summary: 'One template by id or slug.',
      params: [{ name: 'id', rule: describeRule(templateIdParamSchema, true), meaning: templateIdParamSchema.description ?? '' }],
      answers: '200 TemplateEnvelope: apiVersion, template. 404 template_not_found names the nearest ids.',
      curl: `curl '${api}/templates/${exampleSlug}'`,
    },
    {
      path: '/api/v1/studio-link',
      summary: 'The address that opens a template in the studio with the brand read from a website. Creates nothing.',
      params: toDocsParams(studioLinkQuerySchema.shape),
      answers: '200 StudioLink: apiVersion, url, template (canonical id), site (normalized domain or null).',
      curl: `curl '${api}/studio-link?template=${exampleSlug}&site=acme.com&format=9:16'`,
    },
  ];
}

/** The rate limits an operator gets without setting REST_RATE_LIMIT or MCP_RATE_LIMIT. */
export const DEFAULT_RATE_LIMITS = {
  rest: configSchema.shape.REST_RATE_LIMIT.parse(undefined),
  mcp: configSchema.shape.MCP_RATE_LIMIT.parse(undefined),
} as const;

/** The rate limits in words: defaults, and the header that states the one in force. */
export function describeRateLimits(): string[] {
  const [policy, ...others] = RATE_LIMIT_HEADERS;
  return [
    `By default, ${DEFAULT_RATE_LIMITS.rest} requests per minute per IP address for REST and ${DEFAULT_RATE_LIMITS.mcp} for MCP, counted apart. These are defaults: an operator may set others.`,
    `The \`${policy}\` header of every API answer states the limit in force (\`${DEFAULT_RATE_LIMITS.rest};w=60\` is ${DEFAULT_RATE_LIMITS.rest} per 60 seconds); ${others.map((h) => `\`${h}\``).join(', ').replace(/, ([^,]*)$/, ' and $1')} say what is left.`,
    `Past the limit the answer is 429 \`rate_limited\` with \`${RETRY_AFTER}\` (seconds) and the same number in \`retryAfter\`.`,
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
  /** Sentences on errors, the connector tools, resources, completion, prompts and discovery. */
  extras: readonly string[];
  /** Limits of the MCP endpoint besides the rate limit (body size, page size). */
  limits: readonly string[];
  /** What 2026-07-28 clients and 2025-era clients each get. */
  eras: readonly string[];
  clients: readonly McpClientSnippet[];
  /** A raw call with curl. */
  curl: string;
}
