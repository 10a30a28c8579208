import type { Template } from '../../schemas/template.ts';
import {
  categoryLabelOf,
  categoryUrl,
  describeEditable,
  describeFormat,
  formatDate,
  formatDuration,
  formatPrice,
  siteUrlOf,
  templateJsonUrl,
} from './format-facts.ts';
import { bulletList, escapeMarkdown, joinBlocks, mdLink } from './markdown-text.ts';
import { describeStudioSteps } from './site-copy.ts';
import { TOOL_NAMES } from '../tool-names.ts';

/** The facts of a template as Markdown list items (shared by the page twin and list entries). */
export function listTemplateFacts(t: Template): string[] {
  const editable = describeEditable(t.editable);
  const published = formatDate(t.publishedAt);
  return [
    `ID: \`${t.id}\` (slug \`${t.slug}\`)`,
    `Category: ${mdLink(categoryLabelOf(t), categoryUrl(siteUrlOf(t), t.category))} (\`${t.category}\`)`,
    `Tier: ${t.tier}`,
    `Price: ${formatPrice(t.priceCents)}`,
    t.durationSeconds < 60 ? `Duration: ${t.durationSeconds} seconds` : `Duration: ${formatDuration(t.durationSeconds)} (${t.durationSeconds} seconds)`,
    `Formats: ${t.formats.map(describeFormat).join(', ')}`,
    ...(editable.length ? [`Editable: ${editable.join(', ')}`] : []),
    ...(t.tags?.length ? [`Tags: ${t.tags.map(escapeMarkdown).join(', ')}`] : []),
    ...(t.version ? [`Version: ${t.version}`] : []),
    ...(published ? [`Published: ${published}`] : []),
  ];
}

function renderExamples(t: Template): string | false {
  if (!t.examples?.length) return false;
  const items = t.examples.map(
    (e) => `${escapeMarkdown(e.brand)} (${describeFormat(e.format)}): ${mdLink('watch the video', e.video)}, ${mdLink('poster', e.poster)}`,
  );
  return `## Examples\n\n${bulletList(items)}`;
}

/**
 * The Markdown twin of a template page: title, description, facts, examples, the studio
 * flow and links to the page, the JSON and the studio. A pure function of the Template, so
 * the MCP server can reuse it for its text blocks.
 */
export function renderTemplateMarkdown(t: Template): string {
  const links = [
    `Page: ${t.url}`,
    ...(t.markdownUrl ? [`Markdown: ${t.markdownUrl}`] : []),
    `JSON: ${templateJsonUrl(t)}`,
    `Studio: ${t.studioUrl}`,
    ...(t.poster ? [`Poster: ${t.poster}`] : []),
  ];
  const studio = [
    `Open it in the studio: ${t.studioUrl}`,
    `For a link that also carries the person's brand, call ${siteUrlOf(t)}/api/v1/studio-link?template=${t.id}&site=acme.com`,
    `(optionally \`&format=16:9\` or \`&format=9:16\`) or the MCP tool \`${TOOL_NAMES.studioLink}\`.`,
  ].join('\n');
  return joinBlocks([
    `# ${escapeMarkdown(t.title)}`,
    `> ${escapeMarkdown(t.description)}`,
    bulletList(listTemplateFacts(t)),
    renderExamples(t),
    `## Use this template\n\n${studio}\n\n${bulletList(describeStudioSteps(t))}`,
    `## Links\n\n${bulletList(links)}`,
  ]);
}

/** One line describing a template in a Markdown list (catalog, category and search twins). */
export function renderTemplateListItem(t: Template): string {
  const facts = [categoryLabelOf(t), formatPrice(t.priceCents), formatDuration(t.durationSeconds), t.formats.join(', ')];
  return `${mdLink(t.title, t.url)}: ${escapeMarkdown(facts.join(' · '))}. ID \`${t.id}\`, ${mdLink('Markdown', t.markdownUrl ?? `${t.url}.md`)}, ${mdLink('JSON', templateJsonUrl(t))}`;
}
