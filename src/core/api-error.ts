import type { ErrorBody, ErrorCode } from '../schemas/responses.ts';
import { ERROR_TABLE } from './error-table.ts';

/** The one error type of the service: a stable code, a message a person or agent can act on. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly retryAfter: number | undefined;
  constructor(code: ErrorCode, message: string, retryAfter?: number) {
    super(message);
    this.code = code;
    this.status = ERROR_TABLE[code].status;
    this.retryAfter = retryAfter;
  }

  /** The Error body of the spec, with the answer's request id when there is one (an addition the versioning rules allow). */
  toBody(requestId?: string): ErrorBody {
    const body: ErrorBody = { error: this.code, message: this.message };
    if (this.retryAfter !== undefined) body.retryAfter = this.retryAfter;
    if (requestId) body.requestId = requestId;
    return body;
  }
}
