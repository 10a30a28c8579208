/** One `- [name](url): notes` item of an llms.txt section. */
export interface LlmsLink {
  name: string;
  url: string;
  notes: string | undefined;
}

/** An llms.txt split along the llmstxt.org structure. */
export interface LlmsTxt {
  title: string;
  summary: string;
  details: string[];
  sections: { name: string; links: LlmsLink[] }[];
}

const LINK_ITEM = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/;

/**
 * Parses llms.txt strictly by llmstxt.org: an H1, a blockquote summary, optional paragraphs
 * without headings, then H2 sections holding only link-list items. Throws naming the bad line.
 */
export function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split('\n');
  const fail = (i: number, why: string): never => {
    throw new Error(`llms.txt line ${i + 1}: ${why}: ${JSON.stringify(lines[i])}`);
  };
  if (!/^# \S/.test(lines[0] ?? '')) fail(0, 'must start with an H1');
  let i = 1;
  while (lines[i] === '') i++;
  if (!/^> \S/.test(lines[i] ?? '')) fail(i, 'the H1 must be followed by a > summary');
  const result: LlmsTxt = { title: lines[0]!.slice(2), summary: lines[i]!.slice(2), details: [], sections: [] };
  for (i++; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    if (line.startsWith('## ')) {
      result.sections.push({ name: line.slice(3), links: [] });
      continue;
    }
    if (line.startsWith('#')) fail(i, 'only H2 headings may follow the H1');
    const section = result.sections.at(-1);
    if (!section) {
      result.details.push(line);
      continue;
    }
    const m = LINK_ITEM.exec(line) ?? fail(i, 'sections may hold only "- [name](url): notes" items');
    section.links.push({ name: m[1]!, url: m[2]!, notes: m[3] });
  }
  return result;
}
