import type { ErrorBody, ErrorCode } from '../schemas/responses.ts';

/** HTTP status for each error code: one table shared by REST and MCP. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  template_not_found: 404,
  invalid_site: 400,
  invalid_parameter: 400,
  rate_limited: 429,
  not_found: 404,
  method_not_allowed: 405,
  forbidden_host: 403,
  payload_too_large: 413,
  not_acceptable: 406,
  internal_error: 500,
};

/** The one error type of the service: a stable code, a message a person or agent can act on. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly retryAfter: number | undefined;
  constructor(code: ErrorCode, message: string, retryAfter?: number) {
    super(message);
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.retryAfter = retryAfter;
  }

  /** The Error body of the spec. */
  toBody(): ErrorBody {
    return { error: this.code, message: this.message, ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }) };
  }
}
