/** The build's server entry (src/integrations/app-entry.ts) as the tail renderer's bundle takes it: wrangler's alias names `DIST_DIR/server/entry.mjs`. */
declare module 'catalog-server-entry' {
  export function renderPage(request: Request, locals: object): Promise<Response | undefined>;
}
