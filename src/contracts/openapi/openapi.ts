import { ERROR_TABLE } from '../../core/error-table.ts';
import type { Config } from '../../schemas/config.ts';
import type { ErrorCode } from '../../schemas/responses.ts';
import { buildMcpPath } from './openapi-mcp.ts';
import { buildParameterComponents, buildRestPaths } from './openapi-paths.ts';
import { buildPathItems } from './openapi-routes.ts';
import { buildHeaderComponents, buildResponseComponents, type ExampleSearch, type ExampleTemplate } from './openapi-responses.ts';
import { buildSchemaComponents, type JsonSchema } from './openapi-schemas.ts';

function describeErrorCodes(): string {
  const rows = (Object.entries(ERROR_TABLE) as [ErrorCode, (typeof ERROR_TABLE)[ErrorCode]][]).map(([c, e]) => `| \`${c}\` | ${e.status} | ${e.condition} |`);
  return ['An error answer. Codes:', '', '| error | status | when |', '|---|---|---|', ...rows].join('\n');
}

/**
 * The OpenAPI 3.1 description of the REST API and the MCP endpoint, derived from the zod
 * schemas (components) so the document cannot drift from what the code validates. Examples
 * name `sample`, a template of the built catalog; the list's answer is `search`, a real one.
 */
export function buildOpenApiDocument(config: Config, sample: ExampleTemplate, search?: ExampleSearch): JsonSchema {
  const schemas = buildSchemaComponents();
  schemas.Error = { ...schemas.Error, description: describeErrorCodes() };
  return {
    openapi: '3.1.1',
    info: {
      title: 'Template Catalog API',
      version: '1.0.0',
      summary: 'A public, read-only catalog of promo and launch video templates, and studio links.',
      description:
        'Lists, searches and returns video templates, and builds studio links that open a template in the ' +
        'studio. It never makes or exports videos. No key, token or account is needed. The version is in the path ' +
        `(\`/api/v1\`); additions do not change it. Rate limits: ${config.REST_RATE_LIMIT} requests per minute per IP ` +
        `for REST, ${config.MCP_RATE_LIMIT} for MCP. Every error is JSON of the Error schema: a method a path does ` +
        'not accept answers 405 `method_not_allowed` with an `Allow` header, any other unknown path under /api/ ' +
        `answers 404 \`not_found\`. Guide: ${config.SITE_URL}/docs`,
      contact: { name: 'Template Catalog', url: `${config.SITE_URL}/docs` },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: config.SITE_URL, description: 'Production, public. Paths carry the /api/v1 version prefix.', 'x-internal': false }],
    security: [],
    tags: [
      { name: 'Templates', description: 'List, search and read templates.' },
      { name: 'Studio links', description: 'Addresses that open a template in the studio.' },
      { name: 'MCP', description: 'The Model Context Protocol endpoint for AI agents.' },
    ],
    externalDocs: { description: 'API and MCP guide', url: `${config.SITE_URL}/docs` },
    paths: buildPathItems({ ...buildRestPaths(sample, search), ...buildMcpPath() }),
    components: {
      schemas,
      parameters: buildParameterComponents(),
      headers: buildHeaderComponents(config),
      responses: buildResponseComponents(sample),
    },
  };
}
