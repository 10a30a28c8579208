import { SITE_NAME } from '../core/markdown/site-copy.ts';
import type { StudioOutcome } from '../components/studio/read-studio-request.ts';
import { NOINDEX, rewrite, setAttr, type RewriterClass } from './html-rewrite.ts';

type Fix = Extract<StudioOutcome, { kind: 'fix' }>;

/**
 * The 400 of /studio where the Astro page cannot run (workerd): the template's prerendered page,
 * whose studio form (StudioForm.astro) is filled as the origin's page fills it (the site typed,
 * the format chosen, the field marked invalid) and whose help line under the field says what to
 * fix, with the origin's page title and robots rule. The origin's alert above the page is left
 * out: it is markup of the studio page alone.
 */
export function fillStudioPage(Rewriter: RewriterClass, page: string, fix: Fix): Promise<string> {
  const message = `The studio did not open. ${fix.siteError ?? fix.formError}`;
  return rewrite(Rewriter, page, {
    title: (el) => el.setInnerContent(`${fix.template.title}: check your details · ${SITE_NAME}`),
    'meta[property="og:site_name"]': (el) => el.before(NOINDEX, { html: true }),
    '#studio-site': (el) => {
      setAttr(el, 'value', fix.site);
      if (!fix.siteError) return;
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('autofocus', '');
    },
    '#studio-site-help': (el) => {
      el.setAttribute('role', 'alert');
      el.setInnerContent(message);
    },
    'input[name="format"][type="radio"]': (el) => {
      if (!fix.template.formats.includes(fix.format)) return;
      if (el.getAttribute('value') === fix.format) el.setAttribute('checked', '');
      else el.removeAttribute('checked');
    },
  });
}
