import { ApiError } from '../../core/api-error.ts';
import { RETRY_AFTER } from '../../core/header-names.ts';
import type { Reply } from './api-reply.ts';
import { logUnexpected } from '../observe/log.ts';

function toApiError(err: unknown, context: { method?: string; path: string }): ApiError {
  if (err instanceof ApiError) return err;
  logUnexpected({ msg: 'unexpected error', ...context, error: err });
  return new ApiError('internal_error', 'Something went wrong on our side. Try again later.');
}

/**
 * The one error handler: an ApiError becomes its Error body and status; anything else is a
 * bug, logged with its stack and answered as a plain `internal_error` (never a stack trace).
 * Errors are not stored by caches: they are cheap to recompute and may be transient.
 */
export function toErrorReply(err: unknown, context: { method?: string; path: string }): Reply {
  const error = toApiError(err, context);
  const body = Buffer.from(JSON.stringify(error.toBody()));
  const headers = error.retryAfter === undefined ? undefined : [RETRY_AFTER, String(error.retryAfter)];
  return { status: error.status, body, cache: 'none', headers, size: body.length };
}
