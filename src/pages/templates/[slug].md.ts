import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../config/config.ts';
import { markdownResponse } from '../../core/markdown/markdown-response.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import type { Template } from '../../schemas/template.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const getStaticPaths = (() => {
  const { catalog } = loadSiteCatalog(getConfig());
  return catalog.templates.map((template) => ({ params: { slug: template.slug }, props: { template } }));
}) satisfies GetStaticPaths;

/** /templates/{slug}.md: the Markdown twin of a template page. */
export const GET: APIRoute<{ template: Template }> = ({ props }) => markdownResponse(renderTemplateMarkdown(props.template));
