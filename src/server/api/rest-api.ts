import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { createRestAnswers, type RestAnswers } from '../../http/api/rest-answers.ts';
import type { Reply } from '../../http/reply.ts';
import { writeReply } from '../http/api-reply.ts';
import { toErrorReply } from '../http/send-error.ts';
import { registerCache } from '../observe/metric-sources.ts';
import type { RouteHandler } from '../routes/route-handler.ts';

/**
 * The handlers of the REST API v1 and of unknown /api paths on the origin: the shared answers
 * (src/http/api), written with the origin's one writer; a thrown error becomes its Error reply.
 */
export function createRestHandlers(catalog: Catalog, config: Config): Record<keyof RestAnswers, RouteHandler> {
  const answers = createRestAnswers(catalog, config, (cache) => registerCache('rest-list', cache));
  const handlers = {} as Record<keyof RestAnswers, RouteHandler>;
  for (const [id, answer] of Object.entries(answers) as [keyof RestAnswers, RestAnswers[keyof RestAnswers]][]) {
    handlers[id] = (req, res, ctx) => {
      let reply: Reply;
      try {
        reply = answer(ctx);
      } catch (err) {
        reply = toErrorReply(err, { method: req.method, path: ctx.path, requestId: ctx.requestId });
      }
      writeReply(req, res, reply, ctx.common);
    };
  }
  return handlers;
}
