import { ApiError } from '../core/api-error.ts';
import { RETRY_AFTER } from '../core/header-names.ts';
import type { Reply } from './reply.ts';

/** Where a bug (anything thrown that is not an ApiError) is reported: each runtime logs its own way. */
export type ReportUnexpected = (entry: { msg: string; method?: string | undefined; path: string; requestId?: string | undefined; error: unknown }) => void;

/** Where an error happened: reported with an unexpected one; the request id goes into the body. */
export interface ErrorContext {
  method?: string | undefined;
  path: string;
  requestId?: string | undefined;
}

const encoder = new TextEncoder();

/** An ApiError as is; anything else is a bug, reported and answered as a plain internal_error. */
export function toApiError(err: unknown, context: ErrorContext, report: ReportUnexpected): ApiError {
  if (err instanceof ApiError) return err;
  report({ msg: 'unexpected error', ...context, error: err });
  return new ApiError('internal_error', 'Something went wrong on our side. Try again later.');
}

/**
 * The one error handler of the origin and the function: an ApiError becomes its Error body and
 * status; anything else is a bug, reported with its stack and answered as a plain
 * `internal_error` (never a stack trace); the body repeats the answer's request id. Errors are not stored by caches: they are cheap to
 * recompute and may be transient.
 */
export function toErrorReply(err: unknown, context: ErrorContext, report: ReportUnexpected): Reply {
  const error = toApiError(err, context, report);
  const body = encoder.encode(JSON.stringify(error.toBody(context.requestId)));
  const headers = error.retryAfter === undefined ? undefined : [RETRY_AFTER, String(error.retryAfter)];
  return { status: error.status, body, cache: 'none', headers, size: body.length };
}
