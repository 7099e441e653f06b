import type { ApiClient } from '~/lib/api/client.ts';
import type { ExportName, ExportPeriod } from '~/server/exports/export.routes.ts';

export type { ExportName, ExportPeriod };
export const EXPORT_NAMES = ['members', 'ledger'] as const satisfies readonly ExportName[];

/**
 * The API's streamed CSV, as its Response: the console hands the body on as it arrives, never holding the
 * file. No timeout: a million rows take longer than a page's call may.
 */
export async function exportCsv(api: ApiClient, name: ExportName, period: ExportPeriod): Promise<Response> {
  const searchParams = Object.fromEntries(Object.entries(period).filter(([, day]) => day)) as Record<string, string>;
  return api.http.get(`admin/exports/${name}`, { searchParams, timeout: false, retry: 0 });
}
