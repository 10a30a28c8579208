import { z } from 'zod';

/** The `$schema` every MCP Server Card v1 document names. */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/*
 * `_meta` keys: an optional prefix of dot-separated labels (letter first, letter or digit
 * last) ending in "/", then a name that starts and ends with an alphanumeric character.
 */
const META_KEY = /^(?:[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*\/)?(?:[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?)?$/;

// Lengths and counts are bounded (far above what we publish) so openapi.json, derived from this
// schema, tells clients how large an answer can be (OWASP API4 rules in Spectral).

/** One remote (HTTP) endpoint of a server card. */
export const serverCardRemoteSchema = z.object({
  type: z.enum(['sse', 'streamable-http']),
  url: z.string().max(2048).regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/, 'an http(s) URL or a {variable} template'),
  supportedProtocolVersions: z.array(z.string().max(32)).max(16).optional(),
});
export type ServerCardRemote = z.infer<typeof serverCardRemoteSchema>;

/** An icon of the card (same shape as MCP's Icon). */
export const serverCardIconSchema = z.object({
  src: z.url().max(2048),
  mimeType: z.string().max(100).optional(),
  sizes: z.array(z.string().max(20)).max(16).optional(),
  theme: z.enum(['dark', 'light']).optional(),
});

/**
 * The subset of the MCP Server Card v1 (`#/$defs/ServerCard` of server-card.schema.json)
 * this service publishes at /.well-known/mcp/manifest.json, with the same rules.
 */
export const serverCardSchema = z.object({
  $schema: z.literal(SERVER_CARD_SCHEMA_URL),
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'reverse-DNS namespace, one "/", then a name'),
  title: z.string().min(1).max(100).optional(),
  description: z.string().min(1).max(100),
  version: z.string().max(255),
  websiteUrl: z.url().max(2048).optional(),
  icons: z.array(serverCardIconSchema).max(16).optional(),
  remotes: z.array(serverCardRemoteSchema).max(16).optional(),
  _meta: z.record(z.string().max(255).regex(META_KEY, 'a _meta key: optional "labels/" prefix, then a name'), z.unknown()).optional(),
});
export type ServerCard = z.infer<typeof serverCardSchema>;
