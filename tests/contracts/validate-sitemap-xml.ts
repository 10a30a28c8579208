import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const SCHEMAS = {
  urlset: { fileName: 'sitemap.xsd', contents: readFileSync('node_modules/sitemap/schema/sitemap.xsd', 'utf8') },
  sitemapindex: { fileName: 'siteindex.xsd', contents: readFileSync('tests/fixtures/sitemap-schema/siteindex.xsd', 'utf8') },
};

/** Validates a sitemap or sitemap index against the sitemaps.org 0.9 XSD; resolves with xmllint's errors. */
export async function validateSitemapXml(xml: string): Promise<string[]> {
  const root = /<(urlset|sitemapindex)\b/.exec(xml)?.[1] as keyof typeof SCHEMAS | undefined;
  if (!root) return ['neither <urlset> nor <sitemapindex>'];
  const result = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [SCHEMAS[root]], maxMemoryPages: 16384 });
  if (result.valid) return [];
  return result.errors.length ? result.errors.map((e) => e.rawMessage) : [result.rawOutput || 'invalid'];
}

/** Every `<loc>` of a sitemap or index, in order. */
export function listLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&#38;', '&'));
}
