import type { DocsInput } from './docs-content.ts';
import { buildDocsGuide, type DocsBlock } from './docs-guide.ts';
import { bulletList, joinBlocks } from './markdown-text.ts';
import { SITE_NAME } from './site-copy.ts';

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

function renderBlock(block: DocsBlock): string {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'list':
      return bulletList(block.items);
    case 'heading':
      return `### ${block.text}`;
    case 'code':
      return fence(block.language, block.code);
    case 'table':
      return [`| ${block.head.join(' | ')} |`, `|${block.head.map(() => '---').join('|')}|`, ...block.rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
  }
}

/** The Markdown twin of /docs: the same guide the page renders, block for block. */
export function renderDocsMarkdown(input: DocsInput): string {
  const guide = buildDocsGuide(input);
  return joinBlocks([
    `# ${SITE_NAME} ${guide.title}`,
    `> ${guide.lead}`,
    ...guide.sections.flatMap((s) => [`## ${s.title}`, ...s.blocks.map(renderBlock)]),
    `HTML version: ${input.siteUrl}/docs`,
  ]);
}
