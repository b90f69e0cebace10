// Which handler runs each task type (taskTypes.ts lists the types and their rules).
import type { TaskHandler } from './lineTypes';
import { exportTones } from './exportTask';
import { toneUpdateLines, expiryLines } from './toneChangeLines';
import { copyrightLines } from './copyrightLines';
import { addToneLines } from './addToneLines';

export const HANDLERS: Record<string, TaskHandler> = {
  '1': exportTones,
  '2': toneUpdateLines,
  '3': copyrightLines,
  '4': addToneLines,
  '5': expiryLines,
};
