import type { Report } from './report.service.ts';

/**
 * RFC 4180 fields, the JSON rows' values as they are: a cell a spreadsheet would run as a formula (=, +,
 * -, @, tab, CR) is prefixed with a quote, as the audit CSV does, so a challenge's title cannot become one.
 */
function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(report: Pick<Report, 'columns' | 'rows'>): string {
  const lines = [report.columns.join(',')];
  for (const row of report.rows) lines.push(report.columns.map((column) => cell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
