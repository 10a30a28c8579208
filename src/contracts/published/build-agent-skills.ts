import { describeRateLimits, listDocsEndpoints, type DocsInput } from '../../core/markdown/docs-content.ts';
import { bulletList, joinBlocks } from '../../core/markdown/markdown-text.ts';
import { SITE_NAME } from '../../core/markdown/site-copy.ts';
import { TOOL_NAMES as T } from '../../core/tool-names.ts';
import { SKILLS_INDEX_SCHEMA, buildSkillPath } from '../discovery/discovery-paths.ts';

/** An Agent Skill the site publishes: its name, when to use it, and its SKILL.md body. */
export interface AgentSkill {
  name: string;
  description: string;
  render: (input: DocsInput) => string;
}

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

/** The flow, over REST and over MCP, from the guide's own endpoints and tool list. */
function renderTemplateToStudio(input: DocsInput): string {
  const site = input.siteUrl;
  const endpoints = listDocsEndpoints(site, input.exampleSlug);
  const [list, one, link] = endpoints;
  const rest = endpoints.map((e) => [
    `### GET ${e.path}`,
    e.summary,
    bulletList(e.params.map((p) => `\`${p.name}\` (${p.rule}): ${p.meaning}`)),
    `Answers: ${e.answers}`,
    fence('sh', e.curl),
  ].join('\n\n'));
  const tools = input.mcp.tools.map((t) => `\`${t.name}\` (${t.input}): like ${t.mirrors}`);
  const claude = input.mcp.clients.find((c) => c.language === 'sh');
  return joinBlocks([
    `# Find a video template and open it in the studio`,
    `${SITE_NAME} (${site}) is a public, read-only catalog of promo and launch video templates. No key or account is needed. It never makes, renders or exports videos: the studio does that, with the person's own studio account (premium templates are paid per export there).`,
    `## Steps\n\n${[
      `1. Find candidates for what the person wants (occasion, product, format): \`GET ${site}${list!.path}?q=…\` or the MCP tool \`${T.searchTemplates}\`. Filter by \`category\`, \`tier\` (free or premium) and \`format\` (16:9 or 9:16).`,
      `2. Show the person two or three (title, price, duration, formats) and let them choose; \`GET ${site}${one!.path}\` or \`${T.getTemplate}\` gives the details of one.`,
      `3. Build the studio link with the chosen template and the person's website: \`GET ${site}${link!.path}?template=…&site=…\` or \`${T.studioLink}\`.`,
      '4. Give the person the link. It opens the template in the studio filled with their brand (logo, colours, copy); they adjust it and export there. The link creates nothing.',
      `5. For one-off custom animation work, send the person to ${site}/requests instead.`,
    ].join('\n')}`,
    `## REST\n\n${rest.join('\n\n')}`,
    `## MCP\n\nEndpoint ${site}/api/mcp (streamable HTTP, JSON answers). Tools:\n\n${bulletList(tools)}${claude ? `\n\nConnect ${claude.client} (${claude.where}):\n\n${fence('sh', claude.code)}` : ''}`,
    `## When something goes wrong\n\n${bulletList([
      '`template_not_found`: the message names the nearest templates; use one of them or search again.',
      '`invalid_site`: give a public domain such as acme.com (IP addresses, localhost and single labels are refused).',
      ...describeRateLimits(),
    ])}`,
    `Full guide: ${site}/docs.md`,
  ]);
}

/** The skills of the site, in index order. */
export const AGENT_SKILLS: readonly AgentSkill[] = [
  {
    name: 'template-catalog',
    description:
      `Find a promo or launch video template in the ${SITE_NAME} and build the studio link that opens it with a person's brand, over REST or MCP. ` +
      'Use when someone wants a promo, launch, sale or social video for their website, product or app.',
    render: renderTemplateToStudio,
  },
];

/** A skill's SKILL.md: YAML front matter (name, description), then the instructions. */
export function renderSkillFile(skill: AgentSkill, input: DocsInput): string {
  return `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\n\n${skill.render(input)}`;
}

/** `sha256:<hex>` of the bytes served, as the discovery index states it (Web Crypto: the same on every runtime). */
async function digestOf(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `sha256:${Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** `/.well-known/agent-skills/index.json` (Agent Skills discovery v0.2.0): each skill with the digest of its SKILL.md. */
export async function buildSkillsIndex(input: DocsInput) {
  return {
    $schema: SKILLS_INDEX_SCHEMA,
    skills: await Promise.all(AGENT_SKILLS.map(async (skill) => ({
      name: skill.name,
      type: 'skill-md' as const,
      description: skill.description,
      url: `${input.siteUrl}${buildSkillPath(skill.name)}`,
      digest: await digestOf(renderSkillFile(skill, input)),
    }))),
  };
}
