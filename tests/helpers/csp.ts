import { createHash } from 'node:crypto';
import { expect } from 'vitest';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Asserts that a page's CSP allows exactly what the page needs inline, without 'unsafe-inline'. */
export function expectCspCoversInline(html: string, csp: string | null): void {
  expect(csp).toBeTruthy();
  const directive = (name: string) => csp!.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\ssrc=/.test(attrs!)) expect(directive('script-src')).toContain(sha(body!));
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) expect(directive('style-src')).toContain(sha(body!));
}
