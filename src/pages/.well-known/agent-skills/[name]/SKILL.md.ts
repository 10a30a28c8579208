import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../../../config/config.ts';
import { markdownResponse } from '../../../../core/markdown/markdown-response.ts';
import { AGENT_SKILLS, renderSkillFile, type AgentSkill } from '../../../../contracts/published/build-agent-skills.ts';
import { buildDocsInput } from '../../../../contracts/published/build-docs-input.ts';
import { loadSiteCatalog } from '../../../../site/load-site-catalog.ts';

export const prerender = true;

export const getStaticPaths = (() => AGENT_SKILLS.map((skill) => ({ params: { name: skill.name }, props: { skill } }))) satisfies GetStaticPaths;

/** One skill's SKILL.md, written from the same definitions as /docs; its digest is in the index. */
export const GET: APIRoute<{ skill: AgentSkill }> = ({ props }) => {
  const config = getConfig();
  return markdownResponse(renderSkillFile(props.skill, buildDocsInput(config.SITE_URL, loadSiteCatalog(config).catalog)));
};
