import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { ReportAnswer, ReportRange } from '~/server/reports/report.routes.ts';

// The console's calls to the reports API (/api/admin/reports/{name}), typed from its contract.

export type Report = ReportAnswer;
export type ReportName = Report['name'];
export type ReportRow = Report['rows'][number];
export type { ReportRange };

const searchOf = (range: ReportRange) => Object.fromEntries(Object.entries(range).filter(([, v]) => v)) as Record<string, string>;

export function getReport(api: ApiClient, name: ReportName, range: ReportRange): Promise<Report> {
  return dataOf<Report>(api.http.get(`admin/reports/${name}`, { searchParams: searchOf(range) }));
}

export async function getReportCsv(api: ApiClient, name: ReportName, range: ReportRange): Promise<string> {
  return (await api.http.get(`admin/reports/${name}`, { searchParams: { ...searchOf(range), format: 'csv' } })).text();
}
