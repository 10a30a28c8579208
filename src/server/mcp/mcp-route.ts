import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { formatTagHeader, GROUP_TAGS } from '../../core/cdn/cache-tags.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../contracts/discovery/build-discovery-documents.ts';
import { getAnswerMemo } from '../../contracts/mcp/memo-results.ts';
import { registerCache } from '../observe/metric-sources.ts';
import type { RouteHandler } from '../routes/route-handler.ts';

type McpModule = typeof import('./handle-mcp.ts');

/** `<streamable-http-url>/server-card` (SEP-2127): the card, readable from any origin. */
function sendServerCard(req: IncomingMessage, res: ServerResponse, card: string, headers: readonly string[]): void {
  res.writeHead(200, [...headers, 'Content-Type', SERVER_CARD_MEDIA_TYPE, 'Content-Length', String(Buffer.byteLength(card))]);
  res.end(req.method === 'HEAD' ? undefined : card);
}

/**
 * The handlers of /api/mcp and its /server-card. The route table has answered OPTIONS,
 * counted the request against the MCP bucket and refused other methods; the MCP handler reads
 * the body and checks Host and Accept itself. It is imported (SDK included) on first use to
 * keep it out of the cold start.
 */
export function createMcpHandlers(catalog: Catalog, config: Config) {
  registerCache('mcp-answers', getAnswerMemo(catalog)); // hit ratio on /metrics
  let card: string | undefined;
  // The card says what the tools are, as /.well-known/mcp/manifest.json does: purged with the site's files.
  const cardTags = formatTagHeader(config.CACHE_TAG_HEADER, [GROUP_TAGS.site]);
  let loading: Promise<McpModule> | undefined;
  const load = () => (loading ??= import('./handle-mcp.ts'));
  return {
    mcp: async (req, res, ctx) => {
      for (let i = 0; i < ctx.common.length; i += 2) res.setHeader(ctx.common[i]!, ctx.common[i + 1]!);
      const { handleMcp } = await load();
      await handleMcp(req, res, { catalog, config });
    },
    'mcp-card': async (req, res, ctx) => {
      card ??= JSON.stringify((await import('../../contracts/discovery/build-server-card.ts')).buildServerCard(config));
      sendServerCard(req, res, card, [...ctx.common, ...CACHE_HEADERS[ctx.route.cache], ...cardTags]);
    },
  } satisfies Record<string, RouteHandler>;
}
