// What an approvable entity gives the lifecycle (lifecycle.ts): where its live row and approval marks are, and
// what an approved change does to live data. Nothing here decides whether a change waits; that is the lifecycle's.
import type { Lang } from '../http/lang';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema';
import type { ChangeKind } from './states';
import type { ChangeView } from './review';

export type Tx = Transaction<Database>;
export type Payload = Record<string, unknown>;

/** The tables whose rows carry the approval marks (approve_type, table_type, ask_type, refuse_reason) and a status. */
export type ApprovableTable = 'tones' | 'tone_boxes' | 'ivr_directories' | 'ivr_prompts' | 'name_tones';

export interface ApprovableEntity {
  /** change_requests.entity_type. */
  type: string;
  table: ApprovableTable;
  /**
   * Applies an approved change (or a trusted provider's, at once) to live data, in the caller's transaction:
   * an addition puts the row on sale (with the fields a resubmission edited), a modification writes its staged
   * fields and memberships, a deletion takes the entity off everything that holds it. The marks are the lifecycle's.
   */
  apply: Record<ChangeKind, (tx: Tx, id: number, payload: Payload, now: number) => Promise<void>>;
  /** The same as `apply` for many changes of one kind at once, where an entity can write them in fewer statements (a batch line group's tone updates). */
  applyMany?: Partial<
    Record<ChangeKind, (tx: Tx, changes: Array<{ id: number; payload: Payload }>, now: number) => Promise<void>>
  >;
  /** How the operator's lists name each entity (a tone's code and name, a name tone's name and MSISDN). */
  describe(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>>;
  /**
   * What the operator reviews of a change: values and files before and after (lifecycle/review.ts), names in
   * the operator's language, coded values in the words of the provider's site's forms.
   */
  review(db: Kysely<Database>, id: number, kind: ChangeKind, payload: Payload, reader: Reader): Promise<ChangeView>;
}

/** Who reads a review and of whose change: the operator's language, the site of the provider who sent it. */
export interface Reader {
  lang: Lang;
  site: string;
}

type Row<T extends ApprovableTable> = Selectable<Database[T]>;

/** Writes a change's staged columns to an entity's live row (nothing when it stages none), stamping updated_at. */
export async function writeColumns<T extends ApprovableTable>(
  tx: Tx,
  table: T,
  id: number,
  columns: Updateable<Database[T]> | Payload,
  now: number,
): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  // Every approvable table has an id and updated_at; Kysely cannot follow a table named by a type parameter.
  await (tx as unknown as Kysely<any>)
    .updateTable(table as string)
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** An entity's `describe`: each row of its table named by `name` over the columns it reads. */
export function describeBy<T extends ApprovableTable, C extends keyof Row<T> & string>(
  table: T,
  columns: readonly C[],
  name: (row: Pick<Row<T>, C>) => string,
): ApprovableEntity['describe'] {
  return async (db, ids) => {
    if (ids.length === 0) return new Map();
    // Every approvable table has a numeric id; Kysely cannot follow a table named by a type parameter.
    const rows = (await (db as Kysely<any>)
      .selectFrom(table as string)
      .select(['id', ...columns])
      .where('id', 'in', ids)
      .execute()) as Array<Pick<Row<T>, C> & { id: number }>;
    return new Map(rows.map((r) => [r.id, name(r)]));
  };
}
