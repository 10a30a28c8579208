import { z } from 'zod';
import { errorSchema } from '../../src/schemas/responses.ts';
import { isBareProtocolRefusal, parseResponses, readBodyText, type WireExchange, type WireResponse } from '../helpers/http-wire.ts';
import type { FuzzCase } from './fuzz-vocabulary.ts';

/**
 * The JSON-RPC error envelope. /api/mcp answers bodies that are not a JSON-RPC message (not
 * JSON, wrong shape, wrong content type) with it, as the MCP transport requires; every other
 * API error is the Error shape.
 */
const jsonRpcErrorSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({ code: z.int(), message: z.string() }),
});

/** A stack frame as V8 prints it (`at fn (/abs/file.ts:12:3)`, `at node:internal/...:1:2`). */
const STACK_FRAME = /\bat (?:async )?(?:[^\s()]+ )?\(?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/;

/** How a request ended, for the summary. */
export type Outcome = 'app' | 'refused by the HTTP parser' | 'closed without answer';

/** Strings that must never be in a body: canary contents, the repository's and the system's files, local paths. */
export interface Secrets {
  markers: readonly string[];
  paths: readonly string[];
}

/** The path the server routes on: the target up to `?`, as create-app.ts splits it (no decoding). */
function routedPath(target: string): string {
  const q = target.indexOf('?');
  return q === -1 ? target : target.slice(0, q);
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

function checkBody(res: WireResponse, secrets: Secrets): string[] {
  if (res.body.length === 0) return []; // HEAD, 304: nothing to decode
  let text: string;
  try {
    text = readBodyText(res);
  } catch {
    return [`body does not decode as its Content-Encoding ${res.headers['content-encoding']}`];
  }
  const problems: string[] = [];
  for (const marker of secrets.markers) if (text.includes(marker)) problems.push(`body holds "${marker}" (a file outside dist/client)`);
  for (const path of secrets.paths) if (text.includes(path)) problems.push(`body names the local path "${path}"`);
  const frame = STACK_FRAME.exec(text);
  if (frame) problems.push(`body holds a stack frame: ${frame[0]}`);
  return problems;
}

function checkApiAnswer(res: WireResponse, method: string, path: string): string[] {
  const success = (res.status >= 200 && res.status < 300) || res.status === 304;
  const type = res.headers['content-type'] ?? '';
  if (res.body.length === 0) {
    if (success) return [];
    return method === 'HEAD' && type.startsWith('application/json') ? [] : [`${res.status} with no JSON body (Content-Type "${type}")`];
  }
  if (!type.startsWith('application/json')) return [`API answer with Content-Type "${type}"`];
  let body: unknown;
  try {
    body = JSON.parse(readBodyText(res));
  } catch {
    return ['API answer is not JSON'];
  }
  if (success) return [];
  if (errorSchema.safeParse(body).success) return [];
  if (path === '/api/mcp' && jsonRpcErrorSchema.safeParse(body).success) return [];
  return [`${res.status} body is not the Error shape: ${JSON.stringify(body).slice(0, 200)}`];
}

/** Everything wrong with one exchange (empty when fine) and how it ended. */
export function checkExchange(c: FuzzCase, ex: WireExchange, secrets: Secrets): { outcome: Outcome; status?: number; problems: string[] } {
  if (ex.raw.length === 0) {
    if (c.mayCloseSilently && ex.closedByServer) return { outcome: 'closed without answer', problems: [] };
    return { outcome: 'closed without answer', problems: [`no answer (${ex.closedByServer ? 'closed by the server' : 'timed out'}${ex.error ? `, ${ex.error}` : ''})`] };
  }
  let responses: WireResponse[];
  try {
    // Interim answers (100 Continue for `Expect: 100-continue`) precede the real one.
    responses = parseResponses(ex.raw, [c.request.method]).filter((r) => r.status >= 200);
  } catch (err) {
    return { outcome: 'app', problems: [(err as Error).message] };
  }
  if (responses.length === 0) return { outcome: 'app', problems: ['only an interim answer'] };
  const problems: string[] = [];
  const first = responses[0]!;
  const outcome: Outcome = isBareProtocolRefusal(first) ? 'refused by the HTTP parser' : 'app';
  const path = routedPath(c.request.target);
  for (const res of responses) {
    // 501 and 505: an unknown method or HTTP version Node's parser refused (node-client-error.ts).
    if (res.status >= 500 && res.status !== 501 && res.status !== 505) problems.push(`status ${res.status}`);
    if (isBareProtocolRefusal(res)) {
      if (res.status !== 400 && res.status !== 431) problems.push(`bare ${res.status} from the HTTP layer`);
      continue;
    }
    if (isApi(path)) problems.push(...checkApiAnswer(res, c.request.method, path));
    problems.push(...checkBody(res, secrets));
  }
  return { outcome, status: first.status, problems };
}
