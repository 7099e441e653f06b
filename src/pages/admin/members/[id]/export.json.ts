import type { APIRoute } from 'astro';
import { downloadMemberData } from '~/features/privacy/privacy.api.ts';
import { staffOf } from '~/features/admin/staff.ts';
import { unlessProblem } from '~/lib/api/errors.ts';

// GET /admin/members/{id}/export.json (the supporter's page's link): the API's file, handed on as it comes.
export const GET: APIRoute = async ({ locals, params, rewrite }) => {
  const answer = await unlessProblem('not_found', downloadMemberData(staffOf(locals).api, params['id'] ?? ''));
  if (!answer) return rewrite('/404');
  return new Response(answer.body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store',
      'Content-Disposition': answer.headers.get('Content-Disposition') ?? 'attachment; filename="terrace-data.json"',
    },
  });
};
