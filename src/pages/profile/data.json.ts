import type { APIRoute } from 'astro';
import { downloadMyData } from '~/features/privacy/privacy.api.ts';

// GET /profile/data.json (the "Your data" page's link): the API's file, handed on as it comes.
export const GET: APIRoute = async ({ locals, redirect }) => {
  if (!locals.user) return redirect('/', 302);
  const answer = await downloadMyData(locals.api);
  return new Response(answer.body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store',
      'Content-Disposition': answer.headers.get('Content-Disposition') ?? 'attachment; filename="terrace-data.json"',
    },
  });
};
