import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { formatIssues } from '../../core/format-issues.ts';
import { TOOL_NAMES as T } from '../../core/tool-names.ts';
import { formatSchema } from '../../schemas/template.ts';
import { buildMcpIcon } from './server-info.ts';
import { oncePerSite } from './once-per-site.ts';
import { quoteInput } from '../../core/quote-input.ts';

const promoVideoArgs = z.strictObject({
  site: z.string('must be the website (a domain or an address)').min(1).max(253)
    .meta({ description: "The person's website, e.g. acme.com: the studio reads its logo, colours and copy." }),
  occasion: z.string().max(200).optional()
    .meta({ description: 'What the video is for, e.g. "product launch", "Black Friday sale", "new app feature" (optional).' }),
  format: formatSchema.optional()
    .meta({ description: '16:9 (landscape: website, YouTube) or 9:16 (vertical: Reels, TikTok, Stories) (optional).' }),
});

/** The prompts, in the order prompts/list shows them: the one definition every listing derives from. */
export const MCP_PROMPTS = [
  {
    name: 'promo_video',
    title: 'Make a promo video for my website',
    icon: 'promo-video',
    description:
      "Walks through finding a video template that fits the person's website and occasion, choosing one, and handing over the studio link that opens it filled with their brand.",
    args: promoVideoArgs,
    render: (args: z.output<typeof promoVideoArgs>, siteUrl: string): string => {
      const query = args.occasion ? `"${args.occasion}"` : "words describing the person's business (read from the site name)";
      const format = args.format ? ` and format "${args.format}"` : '';
      return [
        `I want a promo video for my website ${args.site}${args.occasion ? `, for ${args.occasion}` : ''}${args.format ? `, in ${args.format}` : ''}.`,
        '',
        'Please use the video template catalog tools:',
        `1. Call ${T.searchTemplates} with query ${query}${format} (limit 5). If nothing matches, try broader words or no query, and look at the category counts.`,
        `2. Show me the best 2 or 3 candidates (title, tier and price, duration, formats) and recommend one; call ${T.getTemplate} for details if you need them.`,
        `3. Once I choose, call ${T.studioLink} with that template, site "${args.site}"${args.format ? ` and format "${args.format}"` : ''}, and give me the link.`,
        '',
        'Remember: the link opens the template in the studio, where I adjust it and export the video with my own studio account (premium templates are paid per export).',
        `Nothing here makes or exports the video for me. For one-off custom animation work, point me to ${siteUrl}/requests.`,
      ].join('\n');
    },
  },
] as const;

/** prompts/list entries for a site, with arguments derived from the zod schemas; built once per site. */
export const listPrompts: (siteUrl: string) => Prompt[] = oncePerSite((siteUrl) =>
  MCP_PROMPTS.map((p) => ({
    name: p.name,
    title: p.title,
    description: p.description,
    arguments: Object.entries(p.args.shape).map(([name, schema]) => ({
      name,
      description: schema.description,
      required: !schema.safeParse(undefined).success,
    })),
    icons: [buildMcpIcon(siteUrl, p.icon)],
  })),
);

/** prompts/get: the user message that walks an agent through search, choice and studio link. */
export function getPrompt(name: string, args: Record<string, string> | undefined, siteUrl: string): GetPromptResult {
  const prompt = MCP_PROMPTS.find((p) => p.name === name);
  if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt ${quoteInput(name)}. Prompts: ${MCP_PROMPTS.map((p) => p.name).join(', ')}.`);
  const parsed = prompt.args.safeParse(args ?? {});
  if (!parsed.success) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${formatIssues(parsed.error, 'argument').join('; ')}.`);
  }
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: prompt.render(parsed.data, siteUrl) } }],
  };
}
