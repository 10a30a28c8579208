import { describe, expect, it } from 'vitest';
import { readBuiltFile } from '../helpers/build-data.ts';

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'", nbsp: ' ' };
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The words a reader sees on the built page (tags dropped, entities decoded). */
function readPageText(html: string): string {
  const body = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  // Inline elements join their text to the words around them; block elements separate it.
  const text = body.replace(/<\/?(?:code|a|strong|em)\b[^>]*>/g, '').replace(/<[^>]+>/g, ' ');
  return squash(text.replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? m));
}

/** What each line of the Markdown twin says, without its Markdown: list marks, headings, table pipes, backticks. */
function readMarkdownStatements(md: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of md.split('\n')) {
    if (line.startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (!line.trim() || line.startsWith('# ') || line.startsWith('HTML version:') || /^\|(-+\|)+$/.test(line)) continue;
    const cells = line.startsWith('| ') ? line.slice(2, -2).split(' | ') : [fenced ? line : line.replace(/^(- |#{2,3} |> )/, '')];
    for (const cell of cells) out.push(squash(cell.replace(/`/g, '').replace(/\\\|/g, '|')));
  }
  return out;
}

describe('/docs and /docs.md', () => {
  it('say the same things: every statement of the twin is on the page', () => {
    const page = readPageText(readBuiltFile('docs.html'));
    const statements = readMarkdownStatements(readBuiltFile('docs.md'));
    expect(statements.length).toBeGreaterThan(60);
    const missing = statements.filter((s) => !page.includes(s));
    expect(missing).toEqual([]);
  });

  it('have the same sections in the same order', () => {
    const md = [...readBuiltFile('docs.md').matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    const html = [...readBuiltFile('docs.html').matchAll(/<h2 id="[^"]+"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(html).toEqual(md);
  });
});
