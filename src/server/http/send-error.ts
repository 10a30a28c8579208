import { toErrorReply as toSharedErrorReply, type ErrorContext } from '../../http/error-reply.ts';
import type { Reply } from '../../http/reply.ts';
import { logUnexpected } from '../observe/log.ts';

/** The shared error handler (src/http/error-reply.ts), reporting bugs to the origin's log. */
export function toErrorReply(err: unknown, context: ErrorContext): Reply {
  return toSharedErrorReply(err, context, logUnexpected);
}
