import { ApiError } from '../../core/api-error.ts';
import { formatTagHeader, GROUP_TAGS, templateTag } from '../../core/cdn/cache-tags.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { MCP_PATH } from '../../contracts/mcp/server-info.ts';
import type { Config } from '../../schemas/config.ts';
import { writeReply, type Reply } from '../http/api-reply.ts';
import { toErrorReply } from '../http/send-error.ts';
import type { RouteContext, RouteHandler } from '../routes/route-handler.ts';
import { ROUTE_LIST, type RouteHandlerId } from '../../contracts/routes/route-table.ts';
import { createGetOneRoute } from './get-one-route.ts';
import { createListRoute } from './list-route.ts';
import { createStudioLinkRoute } from './studio-link-route.ts';

/** The REST endpoints, named as the route table gives them. */
const ENDPOINTS = ROUTE_LIST.filter((r) => r.bucket === 'rest' && !r.pattern.endsWith('*')).map((r) => `GET ${r.pattern.replace(':id', '{id}')}`);

/** The cache class the route table gives a handler's answers. */
const cacheClassOf = (handler: RouteHandlerId) => ROUTE_LIST.find((r) => r.handler === handler)!.cache;

/** A handler that writes the reply `answer` returns, or the error it throws, with the one writer. */
function answerWith(answer: (ctx: RouteContext) => Reply): RouteHandler {
  return (req, res, ctx) => {
    let reply: Reply;
    try {
      reply = answer(ctx);
    } catch (err) {
      reply = toErrorReply(err, { method: req.method, path: ctx.path, requestId: ctx.requestId });
    }
    writeReply(req, res, reply, ctx.common);
  };
}

/**
 * The handlers of the REST API v1 and of unknown /api paths. The route table has already
 * answered OPTIONS, counted the request and refused other methods; each handler maps the
 * request to a reply.
 */
export function createRestHandlers(catalog: Catalog, config: Config) {
  const tag = (tags: readonly string[]) => formatTagHeader(config.CACHE_TAG_HEADER, tags);
  const list = createListRoute(catalog, cacheClassOf('list'), tag([GROUP_TAGS.lists]), config.SITE_URL + ROUTE_LIST.find((r) => r.handler === 'list')!.pattern);
  const getOne = createGetOneRoute(catalog, cacheClassOf('get-one'), (id) => tag([templateTag(id)]));
  const studioLink = createStudioLinkRoute(catalog, config.STUDIO_URL, cacheClassOf('studio-link'), tag([GROUP_TAGS.lists]));
  const notFound = (path: string, where: string) =>
    new ApiError('not_found', `No API endpoint at ${path.slice(0, 200)}.${where && ` ${where}`} Open ${config.SITE_URL}/openapi.json for the endpoints: ${ENDPOINTS.join(', ')}.`);
  return {
    list: answerWith((ctx) => list(ctx.search)),
    'get-one': answerWith((ctx) => getOne(ctx.param)),
    'studio-link': answerWith((ctx) => studioLink(ctx.search)),
    'rest-unknown': answerWith((ctx) => {
      throw notFound(ctx.path, '');
    }),
    'api-unknown': answerWith((ctx) => {
      throw notFound(ctx.path, `The REST API is under /api/v1 and MCP is at ${MCP_PATH}.`);
    }),
  } satisfies Record<string, RouteHandler>;
}
