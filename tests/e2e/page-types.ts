import { readBuiltCatalog } from '../helpers/build-data.ts';

const catalog = readBuiltCatalog();
const template = catalog.templates.find((t) => (t.examples?.length ?? 0) > 0) ?? catalog.templates[0]!;

/** One address of every kind of page a person can land on, and the status it answers with. */
export const PAGE_TYPES = [
  { name: 'home', path: '/', status: 200 },
  { name: 'search with results', path: '/search?q=launch&tier=free', status: 200 },
  { name: 'search with no results', path: '/search?q=zzqxv', status: 200 },
  { name: 'search with a bad parameter', path: '/search?tier=gold', status: 400 },
  { name: 'template', path: `/templates/${template.slug}`, status: 200 },
  { name: 'category', path: `/categories/${template.category}`, status: 200 },
  { name: 'a later page of the newest list', path: '/newest/2', status: 200 },
  { name: 'search unavailable (a static host while the function is down)', path: '/unavailable', status: 200 },
  { name: 'docs', path: '/docs', status: 200 },
  { name: 'requests', path: '/requests', status: 200 },
  { name: '404', path: '/no-such-page', status: 404 },
  { name: 'studio error (bad website)', path: `/studio?template=${template.id}&site=localhost`, status: 400 },
  { name: 'studio error (unknown template)', path: '/studio?template=no-such-template', status: 404 },
  { name: 'studio error (no template)', path: '/studio', status: 400 },
] as const;
