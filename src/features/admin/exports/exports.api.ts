import type { ApiClient } from '~/lib/api/client.ts';

export const EXPORT_NAMES = ['members', 'ledger'] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];
export interface ExportPeriod { from?: string | undefined; to?: string | undefined }

/**
 * The API's streamed CSV, as its Response: the console hands the body on as it arrives, never holding the
 * file. No timeout: a million rows take longer than a page's call may.
 */
export async function exportCsv(api: ApiClient, name: ExportName, period: ExportPeriod): Promise<Response> {
  const searchParams = Object.fromEntries(Object.entries(period).filter(([, day]) => day)) as Record<string, string>;
  return api.http.get(`admin/exports/${name}`, { searchParams, timeout: false, retry: 0 });
}
