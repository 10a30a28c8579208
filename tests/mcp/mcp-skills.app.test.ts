import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { ERAS, connectClient } from './connect-client.ts';

let server: RunningApp;
beforeAll(async () => {
  server = await startApp();
});
afterAll(async () => {
  await server?.stop();
});

describe.each(ERAS)('MCP Skills extension (SEP-2640) over the %s era', (era) => {
  let client: Client;
  let skills: SkillsClient;
  beforeAll(async () => {
    client = await connectClient(server.url, era);
    skills = new SkillsClient(client);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('is declared by the server', () => {
    expect(skills.supported).toBe(true);
  });

  it('lists the catalog skill by its SKILL.md address, with the name and description of its front matter', async () => {
    const { skills: listed } = await skills.list();
    expect(listed.map((s) => s.uri)).toEqual(['skill://template-catalog/SKILL.md']);
    expect(listed[0]!.frontmatter).toMatchObject({ name: 'template-catalog', description: expect.stringMatching(/video template/) });
  });

  it('serves SKILL.md verified against its entry (size and digest), byte for byte the file of /.well-known/agent-skills/', async () => {
    const { skill } = await skills.get('skill://template-catalog/SKILL.md');
    const file = await skills.read(skill);
    const published = await (await fetch(`${server.url}/.well-known/agent-skills/template-catalog/SKILL.md`)).text();
    expect(file.text).toBe(published);
    expect(file.text).toContain('search_templates');
  });

  it('answers skills/get for an address it does not serve with invalid params', async () => {
    await expect(skills.get('skill://no-such-skill/SKILL.md')).rejects.toThrow();
  });
});
