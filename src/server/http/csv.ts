// Cells of the files the server offers for download. Stored text is a provider's, and a spreadsheet runs a
// cell that starts with = + - @ (or a tab or carriage return before one) as a formula: such a cell gets a
// leading apostrophe so it shows as the text that was stored (OWASP, CSV injection). A plain number such as
// -5 or +254700000000 is not a formula and stays as it is. Cells are quoted when they hold a comma, a quote or
// a line break. Every download a provider opens goes through `neutralised`; only the tone export's raw format
// for scripts (sp/exporttone format=raw) keeps values exactly as stored, quoted but not neutralised.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The text a spreadsheet shows as written: a formula-like value gets a leading apostrophe. */
export const neutralised = (value: unknown): string => {
  const s = String(value ?? '');
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
};

/** A CSV cell holding the value exactly: quoted when it holds a comma, a quote or a line break. */
export const quotedCell = (value: unknown): string => {
  const s = String(value ?? '');
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A CSV cell of a file for a spreadsheet: neutralised, then quoted. */
export const csvCell = (value: unknown): string => quotedCell(neutralised(value));

export const csvLine = (cells: unknown[]): string => cells.map(csvCell).join(',');
