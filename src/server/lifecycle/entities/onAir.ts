// An approved addition puts the row on air ('1'): after writing the fields a resubmission edited, the same write a
// modification makes. One definition of an entity's type, table and apply for every entity whose add and modify are
// that pair (tones, music boxes, IVR directories, name tones), so the order (fields first, then on air) cannot drift
// between them. updated_at is the decision's time, as the lifecycle's marks then write it too.
import type { ApprovableEntity, ApprovableTable, Payload, Tx } from '../entity';
import { STATUS } from '../states';

type Write = (tx: Tx, id: number, payload: Payload, now: number) => Promise<void>;

/** Puts one row of an approvable table on air. */
export async function putOnAir(tx: Tx, table: ApprovableTable, id: number, now: number): Promise<void> {
  await tx
    .updateTable(table)
    .set({ status: STATUS.normal, updated_at: now } as never)
    .where('id', '=', id)
    .execute();
}

/**
 * The type, table and `apply` of an entity whose staged change `write` writes: add (write, then on air), modify
 * (write), and delete (`remove`, taking the entity off everything that holds it).
 */
export const onAirEntity = (
  type: string,
  table: ApprovableTable,
  write: Write,
  remove: Write,
): Pick<ApprovableEntity, 'type' | 'table' | 'apply'> => ({
  type,
  table,
  apply: {
    async add(tx, id, payload, now) {
      await write(tx, id, payload, now);
      await putOnAir(tx, table, id, now);
    },
    modify: write,
    delete: remove,
  },
});
