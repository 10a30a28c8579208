/** Escapes text so Markdown shows it literally (titles, brands, descriptions from the catalog). */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s+/g, ' ').trim();
}

/** An inline link with escaped text. */
export function mdLink(text: string, url: string): string {
  // encodeURIComponent leaves "(" and ")" alone, and they would end the link early.
  const safe = url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${escapeMarkdown(text)}](${safe})`;
}

/** Joins blocks with one blank line between them and a final newline. */
export function joinBlocks(blocks: readonly (string | false | undefined)[]): string {
  return `${blocks.filter(Boolean).join('\n\n')}\n`;
}

/** A bullet list, one item per line. */
export function bulletList(items: readonly string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}
