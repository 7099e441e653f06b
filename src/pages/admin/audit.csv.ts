import type { APIRoute } from 'astro';
import { auditCsv } from '~/features/admin/admin.api.ts';
import { auditQueryOf } from '~/features/admin/audit-query.ts';
import { staffOf } from '~/features/admin/staff.ts';

// GET /admin/audit.csv: the entries the audit page's filter matches, every one of them, as a CSV download.
export const GET: APIRoute = async ({ locals, url }) => {
  const { api } = staffOf(locals);
  const csv = await auditCsv(api, auditQueryOf(url.searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="audit-${day}.csv"` },
  });
};
