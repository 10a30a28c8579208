import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { quoteInput } from '../../core/quote-input.ts';
import { listQuerySchema } from '../../schemas/queries.ts';

/** The most characters of a completion value: the list's `q` rule, since it is searched as `q` is. */
export const COMPLETION_VALUE_MAX = listQuerySchema.shape.q.unwrap().maxLength ?? 200;
/** The most characters of a resource URI (this server's longest is under 200). */
export const RESOURCE_URI_MAX = 1000;

const tooLong = (what: string, value: string, max: number) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `${what} must be at most ${max} characters; this one has ${value.length}: ${quoteInput(value)}.`);

/** Throws invalid_params for a completion value over COMPLETION_VALUE_MAX (a search of 900 KB took 19 s). */
export function checkCompletionValue(value: string): void {
  if (value.length > COMPLETION_VALUE_MAX) throw tooLong('argument.value', value, COMPLETION_VALUE_MAX);
}

/** Throws invalid_params for a resource URI over RESOURCE_URI_MAX. */
export function checkResourceUri(uri: string): void {
  if (uri.length > RESOURCE_URI_MAX) throw tooLong('The resource URI', uri, RESOURCE_URI_MAX);
}

/** The bound a message of `method` breaks, as the error the request gets; undefined when within them. */
export function findBoundBreach(method: unknown, params: unknown): ProtocolError | undefined {
  const p = params as { uri?: unknown; argument?: { value?: unknown } } | null | undefined;
  try {
    if (method === 'resources/read' && typeof p?.uri === 'string') checkResourceUri(p.uri);
    if (method === 'completion/complete' && typeof p?.argument?.value === 'string') checkCompletionValue(p.argument.value);
  } catch (err) {
    return err as ProtocolError;
  }
  return undefined;
}
