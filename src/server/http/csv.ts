// Cells of the CSV files the server offers for download. Stored text is a provider's, and a spreadsheet runs a
// cell that starts with = + - @ (or a tab or carriage return before one) as a formula: such a cell gets a
// leading apostrophe so it shows as the text that was stored (OWASP, CSV injection). A plain number such as
// -5 or +254700000000 is not a formula and stays as it is. Cells are quoted when they hold a comma, a quote or
// a line break.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let s = String(value ?? '');
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]): string => cells.map(csvCell).join(',');
