import type { TailSource } from '../http/tail/answer-tail.ts';

/** The tail renderer (src/function/tail-renderer.ts) as the main worker binds it: a service binding. */
export interface TailRendererBinding {
  fetch(request: Request): Promise<Response>;
}

// Any host name does: the renderer reads only the path.
const RENDERER_ORIGIN = 'https://tail-renderer.invalid';

/** What the main worker hands the tail (TailSource.renderPage, TailSource.drawSocialImage), made by the renderer. */
export interface TailRendererClient {
  renderPage: NonNullable<TailSource['renderPage']>;
  drawSocialImage: NonNullable<TailSource['drawSocialImage']>;
}

/** The renderer's answer, or the error that says it failed (a 500 of the main worker, never a 404 in disguise). */
async function expect(answer: Promise<Response>, what: string): Promise<Response | undefined> {
  const response = await answer;
  if (response.status === 404) return undefined;
  if (response.status === 200) return response;
  throw new Error(`The tail renderer failed on ${what} (${response.status}): ${(await response.text()).slice(0, 500)}`);
}

/**
 * The tail's page and social image on workerd, where the main worker has neither the Astro
 * server entry nor resvg (past its bundle budget): each is asked of the tail renderer through
 * its service binding. The page request carries the main worker's configuration variables, so
 * the renderer reads the one configuration the main worker serves with; it loads the catalog
 * itself, from the same build's data files.
 */
export function createTailRendererClient(binding: TailRendererBinding, variables: Record<string, string>): TailRendererClient {
  const vars = JSON.stringify(variables);
  return {
    async renderPage(_request, template, socialImage) {
      const url = `${RENDERER_ORIGIN}/page/${template.slug}?social=${encodeURIComponent(socialImage)}`;
      const answer = await expect(binding.fetch(new Request(url, { method: 'POST', body: vars })), template.slug);
      return answer?.text();
    },
    async drawSocialImage(svg) {
      const answer = await expect(binding.fetch(new Request(`${RENDERER_ORIGIN}/social`, { method: 'POST', body: svg })), 'a social image');
      if (!answer) throw new Error('The tail renderer draws no social images');
      return new Uint8Array(await answer.arrayBuffer());
    },
  };
}
