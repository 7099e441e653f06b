import type { APIRoute } from 'astro';
import { EXPORT_NAMES, exportCsv, type ExportName } from '~/features/admin/exports/exports.api.ts';
import { staffOf } from '~/features/admin/staff.ts';
import { readApiProblem } from '~/lib/api/errors.ts';

// GET /admin/exports/members.csv and /admin/exports/ledger.csv (the exports page's forms): the API's CSV,
// streamed through as it comes. A period the API refuses goes back to the form, which says why.
export const GET: APIRoute = async ({ locals, params, url, redirect }) => {
  const name = params['name'] as ExportName;
  if (!EXPORT_NAMES.includes(name)) return new Response(null, { status: 404 });
  const period = { from: url.searchParams.get('from') ?? undefined, to: url.searchParams.get('to') ?? undefined };
  try {
    const answer = await exportCsv(staffOf(locals).api, name, period);
    const headers = new Headers({ 'Content-Type': 'text/csv; charset=utf-8', 'Cache-Control': 'no-store' });
    headers.set('Content-Disposition', answer.headers.get('Content-Disposition') ?? `attachment; filename="${name}.csv"`);
    return new Response(answer.body, { headers });
  } catch (error) {
    const problem = await readApiProblem(error, locals.t);
    if (problem.status !== 422) throw error;
    return redirect(`/admin/exports?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), refused: name })}`, 303);
  }
};
