// What an entity that waits for the operator's approval (tones, music boxes, IVR directories and prompts) gives
// services/changeRequests.ts, in a file of its own so a handler's module and the registry need not import each other.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type ChangeKind = 'add' | 'modify' | 'delete';
type Tx = Transaction<Database>;

export interface ApprovalHandler {
  approve(tx: Tx, entityId: number, kind: ChangeKind, payload: Record<string, unknown>, now: number): Promise<void>;
  reject(tx: Tx, entityId: number, kind: ChangeKind, reason: string, now: number): Promise<void>;
  /** How the operator's list names each entity (a tone's code and name, a box's code and name). */
  describe?(db: Kysely<Database>, entityIds: number[]): Promise<Map<number, string>>;
}
