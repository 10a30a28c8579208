import type { ErrorCode } from '../schemas/responses.ts';

/** What the service says about one error code. */
export interface ErrorCodeEntry {
  /** The HTTP status it is answered with. */
  status: number;
  /** When it is answered, for the contract (openapi.json's Error description). */
  condition: string;
  /** What a person or agent reading /docs should do about it. */
  advice: string;
}

/**
 * Every stable error code of REST and MCP: the one table from which ApiError takes its status,
 * openapi.json its Error description and /docs its error table.
 */
export const ERROR_TABLE: Record<ErrorCode, ErrorCodeEntry> = {
  invalid_parameter: { status: 400, condition: 'a query parameter is unknown, breaks its rule or is given twice; the message names it and the rule (or the accepted parameters)', advice: 'Fix the parameter the message names.' },
  invalid_site: { status: 400, condition: 'the studio link `site` is not a public domain name (IP addresses, localhost and single labels are refused)', advice: 'Give a public domain such as acme.com.' },
  template_not_found: { status: 404, condition: 'an id or slug (get one, studio link) matches no template', advice: 'Pick one of the nearest templates the message names, or search.' },
  not_found: { status: 404, condition: 'any other unknown path under /api/', advice: 'See openapi.json for the endpoints.' },
  method_not_allowed: { status: 405, condition: 'a method the route does not take (REST and pages: GET, HEAD, OPTIONS; /api/mcp: POST, OPTIONS)', advice: 'Use a method the Allow header names.' },
  forbidden_host: { status: 403, condition: '/api/mcp called with a Host this server does not answer for (DNS-rebinding protection)', advice: 'Connect to the address the message names.' },
  payload_too_large: { status: 413, condition: 'an /api/mcp request body over the size limit', advice: 'Send one small JSON-RPC message per request.' },
  not_acceptable: { status: 406, condition: '/api/mcp called with an Accept header that allows no JSON answer', advice: 'Send Accept: application/json.' },
  rate_limited: { status: 429, condition: 'more requests than the limit in 60 seconds', advice: 'Wait the Retry-After seconds.' },
  unavailable: { status: 503, condition: 'a static host answers for the function while it is down (search, lists, studio links, MCP); the prerendered pages still answer', advice: 'Wait the Retry-After seconds; the category pages list every template meanwhile.' },
  bad_request: { status: 400, condition: 'a request that is not a readable HTTP request: its target is not a path or its Host is not a host name', advice: 'Send an origin-form path and a valid Host.' },
  not_implemented: { status: 501, condition: 'a method this server does not implement at all, an unknown or lower-case one (methods are case-sensitive); the connection is closed', advice: 'Use a method the message names (GET, HEAD, OPTIONS; POST on /api/mcp).' },
  version_not_supported: { status: 505, condition: 'an HTTP version other than 1.0 and 1.1 in the request line; the connection is closed', advice: 'Send HTTP/1.1.' },
  internal_error: { status: 500, condition: 'an unexpected fault on our side; the message never holds a stack trace', advice: 'Try again later.' },
};
