import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { buildOpenApiDocument } from '../../src/contracts/openapi/openapi.ts';
import { listMcpTools } from '../../src/contracts/mcp/tools.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';

describe('suggestion in the published contracts', () => {
  it('is documented on TemplateList in openapi.json and in the search tool output schema, derived from the one schema', () => {
    const doc = buildOpenApiDocument(readConfig({}), loadSampleCatalog().templates[0]!) as { components: { schemas: Record<string, { properties: Record<string, { type?: string; description?: string }> }> } };
    const field = doc.components.schemas.TemplateList!.properties.suggestion!;
    expect(field.type).toBe('string');
    expect(field.description).toMatch(/^Did you mean/);
    const tool = listMcpTools('http://localhost:4321').find((t) => t.name === 'search_templates')!;
    expect(JSON.stringify(tool.outputSchema)).toContain('"suggestion"');
  });
});
