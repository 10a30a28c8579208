import { createHash } from 'node:crypto';
import { expect } from 'vitest';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/**
 * True for a `<script>` whose type makes it a data block (HTML: any type but a JavaScript MIME
 * type, `module` or `importmap`/`speculationrules`): never executed, so CSP does not apply to it.
 */
function isDataBlock(attrs: string): boolean {
  const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
  if (type === undefined || type === '' || type === 'module' || type === 'importmap' || type === 'speculationrules') return false;
  return !/^(?:text|application)\/(?:java|ecma|x-java|x-ecma)script$|^text\/(?:jscript|livescript|javascript1\.\d)$/.test(type);
}

/**
 * Asserts that a page's CSP allows what the page needs inline and nothing more: no
 * 'unsafe-inline', every executable inline script and every `<style>` block named by its hash
 * (data blocks such as JSON-LD are not executed, so they need none), no framing, no plugins.
 */
export function expectCspCoversInline(html: string, csp: string | null): void {
  expect(csp).toBeTruthy();
  const directive = (name: string) => csp!.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\ssrc=/.test(attrs!) && !isDataBlock(attrs!)) expect(directive('script-src')).toContain(sha(body!));
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) expect(directive('style-src')).toContain(sha(body!));
}

/** The executable inline scripts and `<style>` blocks of a page: none, for one CSP to fit every page. */
export function listInlineCode(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\ssrc=/.test(attrs!) && !isDataBlock(attrs!));
  const styles = [...html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>|\sstyle\s*=\s*["']/g)];
  return [...scripts.map((m) => m[0]!.slice(0, 80)), ...styles.map((m) => m[0]!.slice(0, 80))];
}
