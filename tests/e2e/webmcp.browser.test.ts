import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listMcpTools } from '../../src/contracts/mcp/tools.ts';
import { SITE_ORIGIN, describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';

/*
 * The real WebMCP of Debian's Chromium 156, switched on with `--enable-features=WebMCP` (that
 * build exposes `document.modelContext` behind the flag). The test plays the in-browser agent
 * through Chromium's own WebMCP DevTools domain: it sees the tools the page registers
 * (`WebMCP.toolsAdded`) and calls them (`WebMCP.invokeTool` → `WebMCP.toolResponded`), so the
 * page's script, the browser's registry and the site's API all run for real. No stand-in.
 */

interface AddedTool {
  name: string;
  description: string;
  inputSchema: object;
  annotations: { readOnly: boolean };
  frameId: string;
}

interface ToolAnswer {
  status: string;
  output?: { content: { type: string; text: string }[]; structuredContent?: unknown; isError?: boolean };
}

/** The agent's side: the tools a page registered, and a way to call them. */
interface Agent {
  tools: AddedTool[];
  call(name: string, input: Record<string, unknown>): Promise<ToolAnswer>;
}

async function attachAgent(page: Page): Promise<{ agent: Agent; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  // The registry as an agent keeps it: a tool by its frame and name, added and removed as
  // Chromium reports (under load it once reported the studio form's tool twice), so a tool
  // announced again stays one tool; a page that declared two of one name would still fail.
  const registry = new Map<string, AddedTool>();
  const keyOf = (tool: Pick<AddedTool, 'frameId' | 'name'>) => `${tool.frameId} ${tool.name}`;
  const agent: Agent = {
    get tools() {
      return [...registry.values()];
    },
    async call(name, input) {
      const tool = agent.tools.find((t) => t.name === name)!;
      const answered = new Promise<ToolAnswer>((resolve) => {
        const listener = (event: ToolAnswer & { invocationId: string }) => {
          if (event.invocationId !== invocation) return;
          cdp.off('WebMCP.toolResponded' as never, listener as never);
          resolve(event);
        };
        cdp.on('WebMCP.toolResponded' as never, listener as never);
      });
      let invocation = '';
      ({ invocationId: invocation } = (await cdp.send('WebMCP.invokeTool' as never, { frameId: tool.frameId, toolName: name, input } as never)) as { invocationId: string });
      return answered;
    },
  };
  cdp.on('WebMCP.toolsAdded' as never, ((event: { tools: AddedTool[] }) => event.tools.forEach((t) => registry.set(keyOf(t), t))) as never);
  cdp.on('WebMCP.toolsRemoved' as never, ((event: { tools?: AddedTool[] }) => event.tools?.forEach((t) => registry.delete(keyOf(t)))) as never);
  await cdp.send('WebMCP.enable' as never);
  return { agent, cdp };
}

const rest = async (site: BrowserSite, path: string) => (await fetch(`${site.server.url}${path}`)).json();

describeWithChromium('WebMCP in Chromium with the WebMCP flag', () => {
  let site: BrowserSite;
  beforeAll(async () => {
    site = await startBrowserSite({ chromiumArgs: ['--enable-features=WebMCP'] });
  });
  afterAll(async () => {
    await site?.close();
  });

  async function openWithAgent(path: string): Promise<{ page: Page; agent: Agent; problems: string[] }> {
    const page = await site.open();
    const problems = watchPage(page);
    const { agent } = await attachAgent(page);
    await page.goto(path);
    // The page's two imperative tools, and the forms that declare themselves tools (declarative WebMCP).
    const declared = await page.$$eval('form[toolname]', (forms) => forms.map((f) => f.getAttribute('toolname')!));
    await expect.poll(() => agent.tools.map((t) => t.name).sort(), { timeout: 5000 }).toEqual(['search_templates', 'studio_link', ...declared].sort());
    return { page, agent, problems };
  }

  it.each(['/', '/docs', '/templates/neon-countdown-launch'])('registers search_templates and studio_link on %s, read-only, as /api/mcp lists them', async (path) => {
    const { agent, problems } = await openWithAgent(path);
    const listed = listMcpTools(SITE_ORIGIN);
    for (const tool of agent.tools.filter((t) => ['search_templates', 'studio_link'].includes(t.name))) {
      const mcp = listed.find((t) => t.name === tool.name)!;
      expect(tool.annotations.readOnly).toBe(true);
      expect(tool.description).toBe(mcp.description);
      expect(tool.inputSchema).toEqual(mcp.inputSchema);
    }
    expect(problems).toEqual([]);
  });

  it('offers the search box and the studio form as declarative tools, their fields described by the query schema', async () => {
    const search = (await openWithAgent('/')).agent.tools.find((t) => t.name === 'show_template_search')!;
    const studio = (await openWithAgent('/templates/neon-countdown-launch')).agent.tools.find((t) => t.name === 'open_template_in_studio')!;
    expect(search.description).toMatch(/^Show the page of promo and launch video templates/);
    expect(search.inputSchema).toMatchObject({ properties: { q: { description: expect.stringMatching(/^Free text over title/) } } });
    // The search is submitted by the agent; the studio form leaves the site, so the person submits it.
    expect((search as { annotations?: { autosubmit?: boolean } }).annotations?.autosubmit).toBe(true);
    expect((studio as { annotations?: { autosubmit?: boolean } }).annotations?.autosubmit).toBeUndefined();
    expect(studio.inputSchema).toMatchObject({ properties: { site: { description: expect.stringMatching(/^The person's website/) }, format: { description: 'Format in which the studio opens.' } } });
  });

  it('answers a search_templates call from the REST API, as the MCP tool would', async () => {
    const { agent } = await openWithAgent('/');
    const answer = await agent.call('search_templates', { query: 'countdown', limit: 3 });
    expect(answer.status).toBe('Completed');
    const body = await rest(site, '/api/v1/templates?q=countdown&limit=3');
    expect(answer.output?.structuredContent).toEqual(body);
    expect(JSON.parse(answer.output!.content[0]!.text)).toEqual(body);
  });

  it('answers a studio_link call with the link REST builds, and an invalid site with its error', async () => {
    const { agent } = await openWithAgent('/templates/neon-countdown-launch');
    const answer = await agent.call('studio_link', { template: 'neon-countdown-launch', site: 'https://www.acme.com', format: '9:16' });
    expect(answer.output?.structuredContent).toEqual(await rest(site, '/api/v1/studio-link?template=neon-countdown-launch&site=https%3A%2F%2Fwww.acme.com&format=9%3A16'));
    const refused = await agent.call('studio_link', { template: 'neon-countdown-launch', site: 'localhost' });
    expect(refused.output).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^Error invalid_site: /) }] });
  });
});

describeWithChromium('WebMCP without the flag', () => {
  let site: BrowserSite;
  beforeAll(async () => {
    site = await startBrowserSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('leaves the page as it was: no model context, no extra request, no error', async () => {
    const page = await site.open();
    const problems = watchPage(page);
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => 'modelContext' in document || 'modelContext' in navigator)).toBe(false);
    expect(requested).not.toContain('/.well-known/mcp/server-card.json');
    expect(problems).toEqual([]);
  });
});
