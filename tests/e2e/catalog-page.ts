import type { Page } from 'playwright-core';

/** What a person reads in the results: card titles in order, and the count sentence. */
export interface ShownResults {
  titles: string[];
  count: string;
}

/** The template cards and result count the page shows now (once no search is in flight). */
export async function readResults(page: Page): Promise<ShownResults> {
  await page.locator('.catalog__results:not([aria-busy])').waitFor();
  const titles = await page.getByRole('list', { name: 'Templates' }).getByRole('heading').allInnerTexts();
  const count = (await page.getByRole('status').innerText()).trim();
  return { titles, count };
}

/** The filter chip (a link) of one group, e.g. ('Price', 'Free'). */
export function filterChip(page: Page, group: 'Category' | 'Price' | 'Format', label: string) {
  return page.getByRole('navigation', { name: 'Filters' }).getByRole('group', { name: group }).getByRole('link', { name: label, exact: true });
}

/** The title of every template the REST API lists for `query` (first `limit`), and how many match. */
export async function fetchExpected(serverUrl: string, query: Record<string, string>, limit = 24): Promise<{ titles: string[]; total: number }> {
  const params = new URLSearchParams({ ...query, limit: String(limit) });
  const res = await fetch(`${serverUrl}/api/v1/templates?${params}`);
  const body = (await res.json()) as { total: number; templates: { title: string }[] };
  return { titles: body.templates.map((t) => t.title), total: body.total };
}
