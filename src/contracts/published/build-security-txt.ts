/** What security.txt is made from. */
export interface SecurityTxtInput {
  siteUrl: string;
  /** `SECURITY_CONTACT` (mailto: or https:); defaults to mailto:security@ the site's host. */
  contact?: string | undefined;
  builtAt: Date;
}

/** The default Contact: `mailto:security@<host of SITE_URL>` (port dropped). */
export function defaultSecurityContact(siteUrl: string): string {
  return `mailto:security@${new URL(siteUrl).hostname}`;
}

/**
 * `/.well-known/security.txt` (RFC 9116). Expires is one year after the build, so a site that
 * stops being rebuilt stops vouching for a contact nobody may read any more.
 */
export function buildSecurityTxt({ siteUrl, contact, builtAt }: SecurityTxtInput): string {
  const expires = new Date(builtAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  return [
    `Contact: ${contact ?? defaultSecurityContact(siteUrl)}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Canonical: ${siteUrl}/.well-known/security.txt`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}
