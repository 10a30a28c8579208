import { z } from 'zod';

/*
 * The two shapes ChatGPT connectors and deep research require of an MCP server: `search`
 * takes one string `query` and answers `{results: [{id, title, url}]}`, `fetch` takes one
 * string `id` and answers `{id, title, text, url, metadata}`, each as the JSON text of one
 * text block.
 */

/** Arguments of `search`: one string, as the connector sends it. */
export const connectorSearchInputSchema = z.strictObject({
  query: z.string('must be the search text (a string)').max(200, 'must be at most 200 characters')
    .meta({ description: 'What to look for, in plain words (e.g. "black friday countdown for instagram"); empty lists the newest templates.' }),
});

/** Arguments of `fetch`: one id that `search` returned (a slug works too). */
export const connectorFetchInputSchema = z.strictObject({
  id: z.string('must be a template id from search (a string)').max(128, 'must be at most 128 characters')
    .meta({ description: 'A template id from the search results (a slug works too).' }),
});

/** One search hit: what a connector cites. */
export const connectorResultSchema = z.object({
  id: z.string().meta({ description: 'Template id; pass it to fetch.' }),
  title: z.string(),
  url: z.url().meta({ description: 'The template’s public page, for citation.' }),
});

/** Answer of `search`. */
export const connectorSearchResultSchema = z
  .object({ results: z.array(connectorResultSchema) })
  .meta({ id: 'ConnectorSearchResults', description: 'Templates matching the query, best first.' });
export type ConnectorSearchResults = z.infer<typeof connectorSearchResultSchema>;

/** Answer of `fetch`: the template as one document. */
export const connectorDocumentSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string().meta({ description: 'The template as Markdown: facts, editable parts, examples, how to open it in the studio.' }),
    url: z.url().meta({ description: 'The template’s public page, for citation.' }),
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
      .meta({ description: 'Facts for filtering and citing: slug, category, tier, price, duration, formats, Markdown and studio addresses.' }),
  })
  .meta({ id: 'ConnectorDocument', description: 'One template as a document.' });
export type ConnectorDocument = z.infer<typeof connectorDocumentSchema>;
