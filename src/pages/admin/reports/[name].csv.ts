import type { APIRoute } from 'astro';
import { getReportCsv } from '~/features/admin/reports/reports.api.ts';
import { rangeOf } from '~/features/admin/reports/report-page.server.ts';
import { isReportName } from '~/features/admin/reports/report-view.ts';
import { staffOf } from '~/features/admin/staff.ts';

// GET /admin/reports/{name}.csv: the report's rows for the page's range, as the API writes them.
export const GET: APIRoute = async ({ locals, params, url, rewrite }) => {
  const { name } = params;
  if (!isReportName(name)) return rewrite('/404');
  const { api } = staffOf(locals);
  const range = rangeOf(url.searchParams);
  const csv = await getReportCsv(api, name, range);
  const file = `${name}${range.from ? `-${range.from}` : ''}${range.to ? `-${range.to}` : ''}.csv`;
  return new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file}"` } });
};
