import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { ListResourcesResult, ReadResourceResult, Resource, ResourceTemplateType } from '@modelcontextprotocol/server';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { renderCategoryMarkdown } from '../../core/markdown/render-category-markdown.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { CATEGORY_LIMIT } from '../../core/markdown/site-copy.ts';
import { suggestTemplates } from '../../core/operations/find-template.ts';
import { getTemplate } from '../../core/operations/get-template.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import type { Template } from '../../schemas/template.ts';
import { AGENT_SKILLS } from '../published/build-agent-skills.ts';
import { memoizeAnswer } from './memo-results.ts';
import { buildSkillUri } from './skill-uri.ts';
import { checkResourceUri } from './input-bounds.ts';
import { quoteInput } from '../../core/quote-input.ts';
import { oncePerSite } from './once-per-site.ts';

/** How many resources one resources/list page holds (the catalog may hold 50,000 templates). */
export const RESOURCE_PAGE_SIZE = 50;

const MARKDOWN = 'text/markdown';
const JSON_TYPE = 'application/json';

/**
 * The three resource templates, as addresses the site itself serves: a template's Markdown
 * page, its REST JSON (the getTemplate body) and a category's Markdown page. `variable` is the
 * URI-template variable that completion/complete fills in.
 */
export const MCP_RESOURCE_TEMPLATES = [
  { name: 'template-markdown', variable: 'slug', path: ['/templates/', '.md'], mimeType: MARKDOWN, title: 'Video template (Markdown)', description: 'One template as Markdown: facts, editable parts, example videos, links. {slug} is its slug (ids work too).' },
  { name: 'template-json', variable: 'id', path: ['/api/v1/templates/', ''], mimeType: JSON_TYPE, title: 'Video template (JSON)', description: 'One template as the REST API returns it (getTemplate). {id} is its id (slugs work too).' },
  { name: 'category', variable: 'category', path: ['/categories/', '.md'], mimeType: MARKDOWN, title: 'Template category (Markdown)', description: `A category with its ${CATEGORY_LIMIT} newest templates. {category} is a category id.` },
] as const;
export type McpResourceTemplate = (typeof MCP_RESOURCE_TEMPLATES)[number];

/** `https://site/templates/{slug}.md` and the like. */
export function buildUriTemplate(siteUrl: string, t: McpResourceTemplate): string {
  return `${siteUrl}${t.path[0]}{${t.variable}}${t.path[1]}`;
}

/** resources/templates/list, built once per site. */
export const listResourceTemplates: (siteUrl: string) => ResourceTemplateType[] = oncePerSite((siteUrl) =>
  MCP_RESOURCE_TEMPLATES.map((t) => ({ name: t.name, title: t.title, uriTemplate: buildUriTemplate(siteUrl, t), description: t.description, mimeType: t.mimeType })),
);

function describeTemplate(t: Template): Resource {
  return { uri: t.markdownUrl ?? `${t.url}.md`, name: t.id, title: t.title, description: t.description, mimeType: MARKDOWN };
}

function parseCursor(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const offset = /^\d{1,9}$/.test(cursor) ? Number(cursor) : NaN;
  if (!(offset > 0 && offset < total)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor ${quoteInput(cursor)}: pass the nextCursor of the previous resources/list page, or none for the first page.`);
  return offset;
}

/** The agent skills (SKILL.md, served by the Skills extension), listed before the catalog's own resources. */
const listSkillResources = oncePerSite((): Resource[] =>
  AGENT_SKILLS.map((s) => ({ uri: buildSkillUri(s.name), name: s.name, title: `Agent skill: ${s.name}`, description: s.description, mimeType: MARKDOWN })),
);

/**
 * resources/list: the agent skills, the categories, then every template's Markdown resource
 * (newest first), in pages of RESOURCE_PAGE_SIZE with an opaque `nextCursor` (an offset)
 * while more remain. (The gallery, a UI-only resource, is found through the tools' metadata.)
 */
export function listResources(catalog: Catalog, siteUrl: string, cursor: string | undefined): ListResourcesResult {
  const skills = listSkillResources(siteUrl);
  const categories = skills.length + catalog.categories.length;
  const total = categories + catalog.templates.length;
  const start = parseCursor(cursor, total);
  const end = Math.min(start + RESOURCE_PAGE_SIZE, total);
  const resources: Resource[] = [];
  for (let i = start; i < end; i++) {
    if (i < skills.length) resources.push(skills[i]!);
    else if (i < categories) {
      const c = catalog.categories[i - skills.length]!;
      resources.push({ uri: `${siteUrl}/categories/${c.id}.md`, name: `category-${c.id}`, title: `${c.label} templates`, description: c.description, mimeType: MARKDOWN });
    } else resources.push(describeTemplate(catalog.templates[i - categories]!));
  }
  return end < total ? { resources, nextCursor: String(end) } : { resources };
}

/** A URI's percent-encoded variable, decoded; a malformed escape (`%zz`) is the client's mistake, not a server failure. */
function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The resource URI holds a malformed percent escape in ${quoteInput(value)}: encode "%" as %25.`);
  }
}

/** The template variable of `uri` when it is one of this site's resource addresses. */
function matchUri(siteUrl: string, uri: string): { template: McpResourceTemplate; value: string } | undefined {
  if (!uri.startsWith(siteUrl)) return undefined;
  const rest = uri.slice(siteUrl.length);
  for (const template of MCP_RESOURCE_TEMPLATES) {
    const [head, tail] = template.path;
    if (rest.startsWith(head) && rest.endsWith(tail) && rest.length > head.length + tail.length) {
      const value = rest.slice(head.length, rest.length - tail.length);
      if (!value.includes('/')) return { template, value: decodeValue(value) };
    }
  }
  return undefined;
}

function notFound(catalog: Catalog, siteUrl: string, uri: string, what: string, ref: string): ResourceNotFoundError {
  const near = what === 'template' ? suggestTemplates(catalog, ref).map((t) => describeTemplate(t).uri) : catalog.categories.map((c) => `${siteUrl}/categories/${c.id}.md`);
  const hint = near.length ? ` ${what === 'template' ? 'Nearest' : 'Categories'}: ${near.join(', ')}.` : ` Use ${TOOL_NAMES.searchTemplates} or resources/list to find templates.`;
  return new ResourceNotFoundError(uri, `Resource not found: no ${what} ${quoteInput(ref)} at ${quoteInput(uri)}.${hint}`);
}

/** resources/read for a template (Markdown or JSON) or a category; a miss names the nearest resources. */
export function readResource(catalog: Catalog, siteUrl: string, uri: string): ReadResourceResult {
  checkResourceUri(uri);
  return memoizeAnswer(catalog, `read\n${uri}`, () => renderResource(catalog, siteUrl, uri), (r) => r.contents.reduce((n, c) => n + ('text' in c ? c.text.length * 2 : 0), 0));
}

function renderResource(catalog: Catalog, siteUrl: string, uri: string): ReadResourceResult {
  const match = matchUri(siteUrl, uri);
  if (!match) {
    throw new ResourceNotFoundError(uri, `Resource not found: ${quoteInput(uri)} is not a resource of this server. Templates: ${listResourceTemplates(siteUrl).map((t) => t.uriTemplate).join(', ')}.`);
  }
  const { template, value } = match;
  if (template.name === 'category') {
    const category = catalog.categories.find((c) => c.id === value);
    if (!category) throw notFound(catalog, siteUrl, uri, 'category', value);
    const result = listTemplates(catalog, { category: category.id, limit: CATEGORY_LIMIT });
    const text = renderCategoryMarkdown({ siteUrl, category, templates: result.templates, total: result.total ?? result.count });
    return { contents: [{ uri, mimeType: MARKDOWN, text }] };
  }
  const found = catalog.byRef.get(value);
  if (!found) throw notFound(catalog, siteUrl, uri, 'template', value);
  const text = template.name === 'template-json' ? JSON.stringify(getTemplate(catalog, value)) : renderTemplateMarkdown(found);
  return { contents: [{ uri, mimeType: template.mimeType, text }] };
}
