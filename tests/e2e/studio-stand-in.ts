import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local page standing in for the studio, and the addresses the browser asked it for. */
export interface StudioStandIn {
  /** e.g. http://studio.localhost:41573 (Chromium maps the name to 127.0.0.1). */
  origin: string;
  /** Host rule for `startBrowserSite` so the name resolves without any DNS query. */
  hostRule: string;
  /** Full addresses of the pages opened (favicon requests left out). */
  opened: string[];
  close(): Promise<void>;
}

/**
 * Playwright's page.route does not see the hop that follows a redirect (microsoft/playwright
 * #33882), and the /studio answer is a 302 to the studio. So the studio link points at this
 * stand-in during the test: the browser really follows the redirect, under the page's CSP
 * (form-action), and nothing leaves the machine.
 */
export async function startStudioStandIn(): Promise<StudioStandIn> {
  const opened: string[] = [];
  const server = createServer((req, res) => {
    if (req.url !== '/favicon.ico') opened.push(`http://${req.headers.host}${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Studio</title><h1>Studio stand-in</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://studio.localhost:${port}`,
    hostRule: 'MAP studio.localhost 127.0.0.1',
    opened,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
