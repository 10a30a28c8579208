import { stripVTControlCharacters } from 'node:util';
import { readBuildProgress } from './build-progress.ts';
import { readRenderPlan } from './render-plan.ts';

/** A log event as Astro hands it to a logger destination. */
interface AstroLogEvent {
  label: string | null;
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  newLine: boolean;
}

/** Astro's line for an integration hook that threw (read without the bold it is printed in on a terminal or in CI). */
const HOOK_ERROR = /^An unhandled error occurred while running the "astro:[\w:]+" hook/;

/** The render time Astro prints after each page line (`(+2ms)`, `(+1.20s)`). */
const PAGE_TIME = /\(\+[\d.]+m?s\)/;

/**
 * Astro logger destination for a publish (Astro's `logger.entrypoint`, loaded by Node itself):
 * a page line (`├─ /templates/x.html`) counts one page, its timing suffix is dropped, other
 * lines go to the build's progress, warnings and errors always shown.
 */
export default function createPublishLog(): { write(event: AstroLogEvent): boolean } {
  return {
    write(event) {
      // A catalog that fails validation stops the build from a hook (catalog-integration.ts) and
      // the publish reports it in its own words, one line per problem: Astro's line would read as a crash.
      if (event.level === 'error' && HOOK_ERROR.test(stripVTControlCharacters(event.message)) && readRenderPlan()?.catalogError) return true;
      const progress = readBuildProgress();
      const text = event.label && event.label !== 'SKIP_FORMAT' ? `[${event.label}] ${event.message}` : event.message;
      if (!progress) {
        process.stdout.write(event.newLine ? `${text}\n` : text);
        return true;
      }
      if (event.message.includes('├─')) progress.page();
      else if (event.label === 'SKIP_FORMAT' && PAGE_TIME.test(event.message)) return true;
      else if (text.trim()) progress.line(text.trimEnd(), event.level !== 'warn' && event.level !== 'error');
      return true;
    },
  };
}
