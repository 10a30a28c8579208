/**
 * `build` made once per SITE_URL and kept: listings name the site's addresses but never change
 * while it serves, and every request builds a fresh MCP server that asks for them again.
 */
export function oncePerSite<T>(build: (siteUrl: string) => T): (siteUrl: string) => T {
  const built = new Map<string, T>();
  return (siteUrl) => {
    let value = built.get(siteUrl);
    if (value === undefined) built.set(siteUrl, (value = build(siteUrl)));
    return value;
  };
}
