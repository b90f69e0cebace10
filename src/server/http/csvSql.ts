// SQLite twins of the CSV cell writers, for an export that lets SQLite write its rows (services/toneExport.ts):
// the text of each is byte for byte what the JS writer makes of the same value, but only for the values the
// `exact` condition admits; a row holding any other value is written by the JS writers instead.
// - quotedCell (http/csv.ts): quoted when it holds a comma, a quote or a line break. Exact for text and NULL
//   (a number or blob would be written as SQLite writes it, not as String() does).
// - the ISO 8601 UTC time of an epoch-ms integer (toISOString). Exact for integers from 1970 up to the end of
//   9999, where toISOString switches to six-digit years; whole seconds go through datetime() and the
//   milliseconds are integer arithmetic, so no floating point touches them.

export interface CellSql {
  /** The cell's text. */
  text: string;
  /** When the text is exactly the JS writer's. */
  exact: string;
}

export const quotedCellSql = (column: string): CellSql => ({
  // instr rather than one GLOB '*[",\r\n]*': GLOB took twice the time in a profile of the export, and it stops
  // reading at a NUL where the JS test reads on.
  text: `CASE WHEN instr(${column}, '"') OR instr(${column}, ',') OR instr(${column}, '\n') OR instr(${column}, '\r') THEN concat('"', replace(${column}, '"', '""'), '"') ELSE ${column} END`,
  exact: `typeof(${column}) IN ('text', 'null')`,
});

/** Epoch ms past 9999-12-31, where toISOString switches to six-digit years. */
export const ISO_LIMIT = 253_402_300_800_000;

export const isoTimeSql = (column: string): CellSql => ({
  text: `concat(replace(datetime(${column} / 1000, 'unixepoch'), ' ', 'T'), '.', substr(1000 + ${column} % 1000, 2), 'Z')`,
  exact: `typeof(${column}) = 'integer' AND ${column} >= 0 AND ${column} < ${ISO_LIMIT}`,
});
