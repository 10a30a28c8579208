import type { APIRoute } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { buildSkillsIndex } from '../../../contracts/published/build-agent-skills.ts';
import { buildDocsInput } from '../../../contracts/published/build-docs-input.ts';
import { loadSiteCatalog } from '../../../site/load-site-catalog.ts';

export const prerender = true;

/** The Agent Skills discovery index: each skill's name, description, SKILL.md address and digest. */
export const GET: APIRoute = async () => {
  const config = getConfig();
  const index = await buildSkillsIndex(buildDocsInput(config.SITE_URL, loadSiteCatalog(config).catalog));
  return new Response(JSON.stringify(index, null, 2), { headers: { 'Content-Type': 'application/json' } });
};
