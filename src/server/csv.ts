// CSV as every download of the console writes it (the audit trail, the exports, the reports): RFC 4180.

/**
 * One field; a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote, so
 * text someone typed cannot become a formula in someone's Excel.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended as RFC 4180 ends it. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
