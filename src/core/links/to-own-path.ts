/**
 * An address on this site as a root-relative path (`https://catalog.acme.com/posters/a.svg` →
 * `/posters/a.svg`); any other address unchanged. HTML links its own assets this way so a
 * page shows its images on whatever host serves it (a preview, a second port, a CDN), while
 * JSON, Markdown, sitemaps and feeds keep absolute addresses for readers without a base.
 */
export function toOwnPath(url: string, siteUrl: string): string {
  return url.startsWith(`${siteUrl}/`) ? url.slice(siteUrl.length) : url;
}
