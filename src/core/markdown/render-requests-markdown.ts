import { bulletList, joinBlocks } from './markdown-text.ts';
import { BRIEF_CHECKLIST, buildRequestsEmail, OUT_OF_SCOPE } from './site-copy.ts';

/**
 * The Markdown twin of /requests: where custom animation briefs go (`contact`, REQUESTS_CONTACT;
 * unset, requests@ the site's host) and what to put in one.
 */
export function renderRequestsMarkdown(siteUrl: string, contact?: string): string {
  const email = buildRequestsEmail(siteUrl, contact);
  return joinBlocks([
    '# Custom animation requests',
    '> The catalog holds ready-made templates only. Custom work is handled separately, by email.',
    `## Not part of the catalog or the API\n\n${bulletList(OUT_OF_SCOPE)}`,
    `## How to send a brief\n\nWrite to ${email} (mailto:${email}) and include:\n\n${bulletList(BRIEF_CHECKLIST)}`,
    `Often a template already fits: browse ${siteUrl}/ or search ${siteUrl}/search first.`,
    `HTML version: ${siteUrl}/requests`,
  ]);
}
