// Records: how the fields of one stored entity (a tone, later a tone box) are named on the wire, where they are
// stored and what they mean, declared once in screen-definitions/records/<entity>.json (schemas/record.schema.json
// says what each key means). The server derives its request parameters, list rows and filters, detail answer,
// export columns and change-request fields from it (src/server/records/fieldMap.ts).
export interface RecordDoc {
  $schema?: string;
  description?: string;
  table: string;
  fields: Record<string, RecordFieldDef>;
  filters?: Record<string, RecordFilterDef>;
}

export interface RecordFieldDef {
  /** Message key naming the field (its meaning; the export's header). */
  label: string;
  description?: string;
  /** The table's column, or "details" (kept in the details JSON column). */
  column: string;
  type?: 'text' | 'id' | 'integer' | 'time' | 'json';
  write?: boolean | { param?: string; editParam?: string; default?: string; maxLength?: number };
  /** false: a modification does not change it. */
  edit?: boolean;
  list?: boolean | string;
  detail?: boolean | string | string[];
  export?: boolean | { readable?: 'status' | 'days' | 'languageName' | false };
  freeText?: boolean;
  /** A code read as the options of a form field read it (the operator's review shows "Group", not "-1"). */
  readAs?: { screen: string; field: string };
}

export interface RecordFilterDef {
  field: string;
  match: 'equals' | 'prefix' | 'from' | 'to' | 'fromDay' | 'toDay' | 'min' | 'max' | 'expression' | 'state';
  expression?: string;
  schema?: Record<string, unknown>;
}
