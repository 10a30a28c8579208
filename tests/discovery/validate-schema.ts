import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const read = (name: string) => JSON.parse(readFileSync(`tests/fixtures/schemas/${name}`, 'utf8')) as Record<string, unknown>;

const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv2020);
ajv2020.addSchema(read('server-card.schema.json'), 'server-card');
ajv2020.addSchema(read('ard-ai-catalog.schema.json'), 'ai-catalog');
const ajv07 = new Ajv({ strict: false, allErrors: true });
addFormats(ajv07);
ajv07.addSchema(read('mcp-registry-server.schema.json'), 'registry-server');

const validators = {
  /** MCP Server Card v1 (`#/$defs/ServerCard`). */
  serverCard: ajv2020.getSchema('server-card#/$defs/ServerCard')!,
  /** The ARD schema of `/.well-known/ai-catalog.json`. */
  aiCatalog: ajv2020.getSchema('ai-catalog')!,
  /** The MCP registry's server.json (2025-12-11). */
  registryServer: ajv07.getSchema('registry-server')!,
};

/** The published schema's complaints about `document` (none when it is valid). */
export function listSchemaErrors(schema: keyof typeof validators, document: unknown): string[] {
  const validate = validators[schema];
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
