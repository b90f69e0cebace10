// Records: how the fields of one stored entity (a tone, later a tone box) are named on the wire, where they are
// stored and what they mean, declared once in screen-definitions/records/<entity>.json. The server derives its
// request parameters, list rows and filters, detail answer, export columns and change-request fields from it.
export interface RecordDoc {
  $schema?: string;
  description?: string;
  table: string;
  fields: Record<string, RecordFieldDef>;
}

export interface RecordFieldDef {
  description?: string;
}
