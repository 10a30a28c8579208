import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { buildOpenApiDocument } from '../../src/contracts/openapi/openapi.ts';
import { listMcpTools } from '../../src/contracts/mcp/tools.ts';
import { listTemplates } from '../../src/core/operations/list-templates.ts';
import { templateListSchema } from '../../src/schemas/responses.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';

type Schema = { $ref?: string; properties?: Record<string, Schema>; description?: string; items?: Schema };

describe('understood in the published contracts', () => {
  const catalog = loadSampleCatalog();

  it('is documented on TemplateList in openapi.json, with the filters read and the words left', () => {
    const doc = buildOpenApiDocument(readConfig({}), catalog.templates[0]!) as { components: { schemas: Record<string, Schema> } };
    const { schemas } = doc.components;
    expect(schemas.TemplateList!.properties!.understood!.$ref).toBe('#/components/schemas/UnderstoodQuery');
    expect(Object.keys(schemas.UnderstoodQuery!.properties!)).toEqual(['summary', 'filters', 'words', 'sort', 'phrases']);
    expect(schemas.UnderstoodQuery!.description).toMatch(/A parameter wins over a word/);
    expect(Object.keys(schemas.QueryFilters!.properties!)).toEqual(['tier', 'format', 'durationSeconds', 'priceCents', 'editable']);
  });

  it('is in the search_templates output schema, and a real answer with it passes that schema', () => {
    const tool = listMcpTools('http://localhost:4321').find((t) => t.name === 'search_templates')!;
    expect(JSON.stringify(tool.outputSchema)).toContain('"understood"');
    const answer = listTemplates(catalog, { q: 'free vertical launch under 5 s with music' });
    expect(answer.understood?.phrases.length).toBe(4);
    expect(templateListSchema.safeParse(answer).success).toBe(true);
  });
});
