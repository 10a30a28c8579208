import { createApp } from 'astro/app/entrypoint';

/**
 * The build's server entry (`DIST_DIR/server/entry.mjs`): Astro's own Request → Response app
 * for the on-demand pages (/search, /studio), the API its Node adapter uses inside. Whole
 * answers (no streaming): they are small, and the pipeline compresses them and gives them an ETag.
 */
const app = createApp({ streaming: false });

/** Renders the on-demand page `request` names with `locals`, or undefined when no on-demand route does. */
export async function renderPage(request: Request, locals: object): Promise<Response | undefined> {
  const routeData = app.match(request);
  if (!routeData) return undefined;
  return app.render(request, { routeData, locals });
}
