/**
 * CSV as spreadsheets read it: UTF-8 with a byte-order mark (Excel otherwise guesses a legacy code page and
 * mangles every accent), CRLF between rows, every cell quoted (RFC 4180), and cells a spreadsheet would take for
 * a formula neutralised against CSV injection (OWASP): a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading apostrophe, so `=HYPERLINK(...)` typed into a form shows as text.
 */

/** The byte-order mark that starts the file. */
export const CSV_BOM = '\ufeff';
const ROW_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised if it could start a formula, quoted, inner quotes doubled. */
export function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}${ROW_END}`;
}
