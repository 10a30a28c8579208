import { SkillsExtension, skillEntry, type Skill, type SkillSource } from '@modelcontextprotocol/server/ext/skills';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { AGENT_SKILLS, renderSkillFile } from '../published/build-agent-skills.ts';
import { buildDocsInput } from '../published/build-docs-input.ts';

const SKILL_FILE_TYPE = 'text/markdown';

interface PublishedSkill {
  entry: Skill;
  text: string;
}

/**
 * The site's skills as published entries: SKILL.md written by renderSkillFile, the one source
 * of /.well-known/agent-skills/ too, so both places serve the same bytes (and digests).
 */
async function publishSkills(catalog: Catalog, siteUrl: string): Promise<Map<string, PublishedSkill>> {
  const input = buildDocsInput(siteUrl, catalog);
  const published = await Promise.all(AGENT_SKILLS.map(async (skill) => {
    const text = renderSkillFile(skill, input);
    return { entry: await skillEntry(skill.name, { 'SKILL.md': text }), text };
  }));
  return new Map(published.map((p) => [p.entry.uri, p]));
}

/** The skills as a source for the SDK's extension: one page, each a SKILL.md with nothing beside it. */
function createSkillSource(catalog: Catalog, siteUrl: string): SkillSource {
  let skills: Promise<Map<string, PublishedSkill>> | undefined;
  const load = () => (skills ??= publishSkills(catalog, siteUrl));
  return {
    list: async () => ({ skills: [...(await load()).values()].map((s) => s.entry) }),
    get: async (uri) => (await load()).get(uri)?.entry,
    read: async (uri) => {
      const skill = (await load()).get(uri);
      return skill && { text: skill.text, mimeType: SKILL_FILE_TYPE };
    },
  };
}

const extensions = new WeakMap<Catalog, Map<string, SkillsExtension>>();

/**
 * The Skills extension serving the catalog's skills (skills/list, skills/get and the skill://
 * resources), one per loaded catalog and site: every per-request server attaches the same one.
 */
export function getSkillsExtension(catalog: Catalog, siteUrl: string): SkillsExtension {
  let bySite = extensions.get(catalog);
  if (!bySite) extensions.set(catalog, (bySite = new Map()));
  let extension = bySite.get(siteUrl);
  if (!extension) {
    extension = new SkillsExtension({ source: createSkillSource(catalog, siteUrl), cacheHint: { ttlMs: 60_000, cacheScope: 'public' } });
    bySite.set(siteUrl, extension);
  }
  return extension;
}
