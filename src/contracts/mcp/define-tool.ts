import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { TemplateNotFoundError } from '../../core/operations/find-template.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import type { Config } from '../../schemas/config.ts';
import { toToolJsonSchema } from './json-schema.ts';
import { memoizeAnswer } from './memo-results.ts';
import { buildErrorMetaKey } from './namespace.ts';
import { buildArgumentsError, buildToolError } from './tool-results.ts';

/** What every tool call reads. */
export interface ToolContext {
  catalog: Catalog;
  config: Config;
}

/**
 * Every tool only reads the catalog and touches nothing outside it (idempotentHint is left out:
 * the spec gives it meaning only for tools that are not read-only).
 */
export const MCP_TOOL_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;

export interface ToolSpec<S extends z.ZodType> {
  name: string;
  /** File name (without .svg) of its icon in public/mcp/. */
  icon: string;
  /** The REST operation it answers like (its body, or the fields that decide a choice, as structuredContent). */
  mirrors: string;
  title: string;
  describe: (siteUrl: string) => string;
  /** Advertised in tools/list. */
  input: z.ZodObject;
  /** What calls are checked with; may be looser than `input` where REST maps a rule to another code. */
  check: S;
  /** The shape of `structuredContent`; none for tools that answer in text only. */
  output?: z.ZodType;
  run: (args: z.output<S>, ctx: ToolContext) => CallToolResult;
  /** Whether the catalog's MCP App (the gallery) shows its answers. */
  app?: boolean;
  /** The tool an agent finds ids with after an unknown one (default search_templates). */
  searchTool?: string;
}

/** A tool with its JSON schemas built once, at module load. */
export interface BuiltTool {
  name: string;
  icon: string;
  mirrors: string;
  /** Its arguments in words, e.g. `query, limit (default 10)`, derived from the input schema. */
  arguments: string;
  title: string;
  describe: (siteUrl: string) => string;
  inputSchema: Tool['inputSchema'];
  outputSchema?: Tool['outputSchema'];
  /** Whether the catalog's MCP App (the gallery) shows its answers. */
  app: boolean;
  call: (args: unknown, ctx: ToolContext) => CallToolResult;
}

/** `query, category, limit (default 10)`: the argument names, required ones unmarked, defaults named. */
function describeArguments(input: z.ZodObject): string {
  return Object.entries(input.shape)
    .map(([name, schema]) => {
      const fallback = (schema as z.ZodType).safeParse(undefined);
      return fallback.success && fallback.data !== undefined ? `${name} (default ${String(fallback.data)})` : name;
    })
    .join(', ');
}

/** Rough bytes a kept result holds (UTF-16 text, the structured body, the links). */
function weighResult(result: CallToolResult): number {
  // Serializing the structured body only to weigh it would cost as much as building it; the
  // Markdown names the same templates, and the structured body runs about three times its length.
  return result.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length * 8 : 400), 0);
}

/**
 * A miss told in MCP terms: the nearest templates (the core error names them), then which
 * tool to call with one of them, or which to search with (never a REST path).
 */
function retellMiss(err: TemplateNotFoundError, tool: string, search: string): TemplateNotFoundError {
  return err.withHint(err.nearest.length ? `Call ${tool} with one of those ids, or ${search} to find others.` : `Find template ids with ${search}.`);
}

export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): BuiltTool {
  const accepted = Object.keys(spec.input.shape);
  const searchTool = spec.searchTool ?? TOOL_NAMES.searchTemplates;
  return {
    name: spec.name,
    icon: spec.icon,
    mirrors: spec.mirrors,
    arguments: describeArguments(spec.input),
    title: spec.title,
    describe: spec.describe,
    inputSchema: toToolJsonSchema(spec.input),
    ...(spec.output && { outputSchema: toToolJsonSchema(spec.output, 'output') }),
    app: spec.app ?? false,
    call(args, ctx) {
      const parsed = spec.check.safeParse(args ?? {});
      try {
        if (!parsed.success) throw buildArgumentsError(spec.name, parsed.error, accepted);
        const key = `${spec.name}\n${JSON.stringify(parsed.data)}`;
        return memoizeAnswer(ctx.catalog, key, () => spec.run(parsed.data, ctx), weighResult);
      } catch (err) {
        const told = err instanceof TemplateNotFoundError ? retellMiss(err, spec.name, searchTool) : err;
        if (told instanceof ApiError) return buildToolError(told, buildErrorMetaKey(ctx.config.SITE_URL));
        throw err;
      }
    },
  };
}
