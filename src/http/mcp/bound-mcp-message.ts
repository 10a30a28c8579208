import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { findBoundBreach } from '../../contracts/mcp/input-bounds.ts';
import { buildRateLimitHeaders, createRateLimited, formatPolicy, type RateLimitState } from '../rate-limit.ts';
import type { McpRefusal } from './mcp-request.ts';

/** Counts `extra` more requests against the client's MCP bucket; the state after the last one counted. */
export type ChargeMessages = (extra: number) => Promise<RateLimitState>;

/**
 * A ChargeMessages from a runtime's one-request count (the origin's bucket, workerd's
 * binding). It stops at the first refusal: past it every message is refused anyway, so a
 * batch of thousands costs the store at most limit + 1 counts.
 */
export function chargeEach(consume: () => Promise<RateLimitState>): ChargeMessages {
  return async (extra) => {
    let state: RateLimitState = { limit: 0, allowed: true };
    for (let i = 0; i < extra; i++) {
      state = await consume();
      if (!state.allowed) break;
    }
    return state;
  };
}

type Message = { id?: unknown; method?: unknown; params?: unknown } | null | undefined;
const isRequest = (m: Message) => typeof m === 'object' && m !== null && m.id !== undefined && typeof m.method === 'string';

/**
 * The bounds on a parsed /api/mcp body, before the SDK does any work on it (on the origin and
 * the function alike): each message of a batch counts against the MCP bucket (the route has
 * counted the first; a refused batch is a 429 `rate_limited` with Retry-After), and a message
 * breaking an input bound (src/contracts/mcp/input-bounds.ts) is answered with its JSON-RPC
 * invalid_params error, never searched. In a batch holding such a message, every request gets
 * an error (the breach's, or one naming it). undefined when the body may go on.
 */
export async function boundMcpMessage(message: unknown, charge?: ChargeMessages): Promise<McpRefusal | undefined> {
  const messages = (Array.isArray(message) ? message : [message]) as Message[];
  if (messages.length > 1 && charge) {
    const state = await charge(messages.length - 1);
    if (!state.allowed) {
      const error = createRateLimited('mcp', state);
      return { status: 429, body: (requestId) => error.toBody(requestId), headers: [...buildRateLimitHeaders(state, formatPolicy(state.limit)), 'Retry-After', String(error.retryAfter)] };
    }
  }
  const breaches = messages.map((m) => (isRequest(m) ? findBoundBreach(m!.method, m!.params) : undefined));
  const first = breaches.findIndex(Boolean);
  if (first < 0) return undefined;
  const errors = messages.flatMap((m, i) => {
    if (!isRequest(m)) return [];
    const message = breaches[i]?.message ?? `Not run: message ${first + 1} of this batch breaks a limit (${breaches[first]!.message})`;
    return [{ jsonrpc: '2.0', id: m!.id, error: { code: ProtocolErrorCode.InvalidParams, message } }];
  });
  return { status: 200, body: () => (Array.isArray(message) ? errors : errors[0]) };
}
