// What a task type's handler gets and gives. A line handler applies one line inside the transaction that
// also records the line's result (jobs/runner.ts), so it writes only through `tx`; it returns the line's
// outcome rather than throwing (a throw means "the database failed", and the line is tried again).
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, Provider } from '../../db/schema';
import type { Config } from '../config';
import type { Engine } from '../../../engine';
import type { FileStore } from '../../files/storage';
import type { TaskRow } from './tasks';
import type { TextLine } from './textFile';
import type { LineOutcome } from './outcome';
import type { AuditEntry } from '../audit';

export interface LineContext {
  ctx: AppContext;
  store: FileStore;
  task: TaskRow;
  provider: Provider;
  config: Config;
  /** The engine of the provider's site: the same definitions and rules the browser validates with. */
  engine: Engine;
  user: Record<string, unknown>;
  /** The task's shared input (batch_tasks.data). */
  data: any;
  /** believeCP other than '1'/'2': changes to existing tones go to the operator's approval (000 §4). */
  approval: boolean;
  /** Audit entries of the lines: written with the group's results, in its transaction. */
  audit(e: AuditEntry): void;
  /** What a handler's prefetch read for the current line group. */
  group: Record<string, unknown>;
}

export interface LineHandler {
  kind: 'lines';
  /** Reads what the group's lines will need in one query instead of one per line (into lc.group). */
  prefetch?(tx: Transaction<Database>, lines: TextLine[], lc: LineContext): Promise<void>;
  apply(tx: Transaction<Database>, line: TextLine, lc: LineContext): Promise<LineOutcome>;
  /**
   * Writes what the group's lines noted in lc.group, after the last of them and before their results, in the
   * same transaction: a handler whose lines would each cost round trips to the database sends them together.
   */
  flush?(tx: Transaction<Database>, lc: LineContext): Promise<void>;
}

export interface ExportHandler {
  kind: 'export';
  /** Writes the task's file; returns its saved name and the rows written. Running it again writes it anew. */
  run(lc: LineContext): Promise<{ savedName: string; rows: number }>;
}

export type TaskHandler = LineHandler | ExportHandler;
