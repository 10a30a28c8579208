import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import { formatIssues } from '../../core/format-issues.ts';

/**
 * A successful tool result: Markdown for the model and the fields as `structuredContent`. No
 * `resource_link` blocks: claude.ai gives an App no tool result that carries one, so the
 * addresses are in the text and the fields instead.
 */
export function buildToolSuccess(body: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: body };
}

/**
 * A failed tool result (`isError: true`): the code and message in the text the model reads,
 * and the Error body under `_meta[errorKey]` for programs. The Error body is deliberately not
 * `structuredContent`: MCP clients (the official SDK's among them) validate any
 * `structuredContent` against the tool's outputSchema, even on errors, and would replace
 * this helpful message with a schema-mismatch error.
 */
export function buildToolError(error: ApiError, errorKey: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `Error ${error.code}: ${error.message}` }],
    isError: true,
    _meta: { [errorKey]: error.toBody() },
  };
}

/** `invalid_parameter` naming each bad argument and its rule, or the unknown ones and what is accepted. */
export function buildArgumentsError(tool: string, error: z.ZodError, accepted: readonly string[]): ApiError {
  const generic = formatIssues(error, 'argument');
  const lines = error.issues.map((issue, i) =>
    issue.code === 'unrecognized_keys'
      ? `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (${tool} takes ${accepted.join(', ')})`
      : generic[i]!,
  );
  return new ApiError('invalid_parameter', `Invalid arguments for ${tool}: ${lines.join('; ')}.`);
}
