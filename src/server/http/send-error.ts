import { ApiError } from '../../core/api-error.ts';
import { RETRY_AFTER } from '../../core/header-names.ts';
import type { Reply } from './api-reply.ts';
import { logUnexpected } from '../observe/log.ts';

/** Where an error happened: logged with an unexpected one; the request id goes into the body. */
export interface ErrorContext {
  method?: string | undefined;
  path: string;
  requestId?: string | undefined;
}

function toApiError(err: unknown, context: ErrorContext): ApiError {
  if (err instanceof ApiError) return err;
  logUnexpected({ msg: 'unexpected error', ...context, error: err });
  return new ApiError('internal_error', 'Something went wrong on our side. Try again later.');
}

/**
 * The one error handler: an ApiError becomes its Error body and status; anything else is a
 * bug, logged with its stack and answered as a plain `internal_error` (never a stack trace).
 * Errors are not stored by caches: they are cheap to recompute and may be transient.
 */
export function toErrorReply(err: unknown, context: ErrorContext): Reply {
  const error = toApiError(err, context);
  const body = Buffer.from(JSON.stringify(error.toBody(context.requestId)));
  const headers = error.retryAfter === undefined ? undefined : [RETRY_AFTER, String(error.retryAfter)];
  return { status: error.status, body, cache: 'none', headers, size: body.length };
}
