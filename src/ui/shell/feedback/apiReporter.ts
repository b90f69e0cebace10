// How the shell shows what the HTTP client reports: errors as toasts, a lost session as a warning dialog, and
// the stored session cleared before the login page opens. Registered once at start (main.tsx, the e2e harness).
import type { ApiReporter } from '../../../api';
import { clearSession } from '../../session/storage';
import { confirm, isConfirmOpen, toast } from './store';

export const shellApiReporter: ApiReporter = {
  error: (message, durationMs) => toast(message, { kind: 'error', durationMs }),
  acknowledge: async ({ title, message, okLabel }) => {
    await confirm({ title, message, okLabel, cancelLabel: null, closable: false, kind: 'warning' });
  },
  showing: isConfirmOpen,
  clearSession,
};
