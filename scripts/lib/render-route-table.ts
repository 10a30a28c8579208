import { ROUTE_LIST } from '../../src/contracts/routes/route-table.ts';

/** The table of routes in docs/api.md, printed from the one route table the server dispatches by. */
export function renderRouteTable(): string {
  const rows = ROUTE_LIST.map((r) => `| \`${r.pattern}\` | ${r.handler} | ${r.allow} | ${r.bucket ?? '–'} | ${r.group} | ${r.cache} |`);
  return ['| path | handler | methods | rate-limit bucket | metrics group | cache class |', '|---|---|---|---|---|---|', ...rows].join('\n');
}
