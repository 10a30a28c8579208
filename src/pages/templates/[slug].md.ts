import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../config/config.ts';
import { markdownResponse } from '../../core/markdown/markdown-response.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import type { Template } from '../../schemas/template.ts';
import { digestTemplate } from '../../core/catalog/digest-template.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';
import { selectStaticPaths } from '../../publish/render-plan.ts';

export const getStaticPaths = (() => {
  const { catalog } = loadSiteCatalog(getConfig());
  const entries = catalog.templates.map((template) => ({ params: { slug: template.slug }, props: { template } }));
  return selectStaticPaths('/templates/[slug].md', entries, ({ props }) => digestTemplate(props.template));
}) satisfies GetStaticPaths;

/** /templates/{slug}.md: the Markdown twin of a template page. */
export const GET: APIRoute<{ template: Template }> = ({ props }) => markdownResponse(renderTemplateMarkdown(props.template));
