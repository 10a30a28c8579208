import type { Template } from '../../schemas/template.ts';
import { formatPrice } from './format-facts.ts';

/** The site's name, shown in titles, headers and Markdown. */
export const SITE_NAME = 'Template Catalog';

/** One line on what the catalog is, for meta descriptions and intros. */
export const SITE_TAGLINE = 'Promo and launch video templates that open in the studio already dressed in your brand.';

/** How many newest templates the home page and its twin list before linking to search. */
export const HOME_LIMIT = 24;

/** How many templates a category page lists before linking to search (keeps big catalogs small). */
export const CATEGORY_LIMIT = 48;

/** Page size of /search and of the live search on the home page. */
export const SEARCH_PAGE_SIZE = 24;

/** What happens after "Open in the studio", in plain sentences (the page and the twin share them). */
export function describeStudioSteps(template: Template): string[] {
  const price =
    template.tier === 'premium'
      ? `This is a premium template: each export costs ${formatPrice(template.priceCents).replace(' per export', '')}, paid in the studio.`
      : 'This template is free: exporting it costs nothing.';
  return [
    'The studio opens this template with your brand (logo, colours and copy) read from your website.',
    'You change text, images and music there, then export the video with your own studio account.',
    price,
    'This site never makes or stores videos: it only opens the template in the studio.',
  ];
}

/** The address custom animation briefs go to: `REQUESTS_CONTACT`, else `requests@` plus the site's host. */
export function buildRequestsEmail(siteUrl: string, contact?: string): string {
  return contact ?? `requests@${new URL(siteUrl).hostname}`;
}

/** What a custom brief should contain (the requests page and its twin share the list). */
export const BRIEF_CHECKLIST: readonly string[] = [
  'Your website, so the team can see your brand',
  'What the video is for and where it will run (site, ads, Stories, a keynote…)',
  'Length and format: 16:9 landscape, 9:16 vertical, or both',
  'The message: the few lines of copy, the offer or the feature to show',
  'Any material you already have: logo files, screenshots, footage, music',
  'Your deadline and budget',
  'Templates from this catalog whose style you like, by link',
];

/** What the catalog and the service do not do, said once for the requests page and twin. */
export const OUT_OF_SCOPE: readonly string[] = [
  'One-off custom animation made to a brief',
  'Editing long videos or live-action footage',
  'Making, rendering or exporting videos (that happens in the studio, with your account)',
];
