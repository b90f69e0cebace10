// An approved addition puts the row on air ('1'): after writing the fields a resubmission edited, the same write a
// modification makes. One definition for every entity whose add and modify are that pair (tones, music boxes, IVR
// directories, name tones), so the order (fields first, then on air) cannot drift between them. updated_at is the
// decision's time, as the lifecycle's marks then write it too.
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

/** `add` (write, then on air) and `modify` (write) of an entity whose staged change is written by `write`. */
export function writeThenOnAir(
  table: ApprovableTable,
  write: Write,
): Pick<ApprovableEntity['apply'], 'add' | 'modify'> {
  return {
    async add(tx, id, payload, now) {
      await write(tx, id, payload, now);
      await putOnAir(tx, table, id, now);
    },
    modify: write,
  };
}
