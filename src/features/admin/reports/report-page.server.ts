import { readApiProblem } from '~/lib/api/errors.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import { getReport, type Report, type ReportName, type ReportRange } from './reports.api.ts';

// The reports pages' loading: the range from the address, each report from the API; a range the API refuses
// (422) becomes the page's one message, and the default range is shown instead.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function rangeOf(search: URLSearchParams): ReportRange {
  const day = (key: string) => {
    const value = search.get(key)?.trim();
    return value ? value : undefined;
  };
  return { from: day('from'), to: day('to') };
}

export function rangeQuery(range: ReportRange): string {
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v && DAY.test(v)) as Array<[string, string]>).toString();
  return query ? `?${query}` : '';
}

export async function loadReports(api: ApiClient, t: Translate, names: readonly ReportName[], range: ReportRange): Promise<{ reports: Report[]; problem?: string }> {
  try {
    return { reports: await Promise.all(names.map((name) => getReport(api, name, range))) };
  } catch (error) {
    const answer = await readApiProblem(error, t);
    if (answer.status !== 422) throw error;
    return { reports: await Promise.all(names.map((name) => getReport(api, name, {}))), problem: Object.values(answer.details)[0] ?? answer.message };
  }
}
