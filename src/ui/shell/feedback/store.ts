// The feedback store: toasts and confirm dialogs live outside React so that non-React code (the API client)
// can raise them. <FeedbackHost/> subscribes and renders; everything else only calls toast() or confirm().
// Errors stay (issue 25): a refusal (an upload refused, a server error, a batch refused line by line) is kept on
// screen until the user dismisses it, the thing is fixed (the next success clears it) or the page changes; only
// successes, notes and warnings go after their few seconds. A provider who looked away still learns why.

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  /** An i18n key or a literal text (a key missing from the catalogue is shown as it is). */
  text: string;
  params?: Record<string, unknown>;
  kind: ToastKind;
  /** 0: stays until dismissed (every error). */
  durationMs: number;
}

export interface ConfirmOptions {
  title?: string;
  message: string;
  params?: Record<string, unknown>;
  okLabel?: string;
  /** null: no cancel button (an acknowledgement or a forced choice). */
  cancelLabel?: string | null;
  /** false: no close button, Escape and the backdrop do nothing; only the buttons answer. */
  closable?: boolean;
  kind?: 'info' | 'warning' | 'danger';
}

export interface ConfirmItem extends ConfirmOptions {
  id: number;
  resolve(answer: boolean): void;
}

interface State {
  toasts: ToastItem[];
  confirms: ConfirmItem[];
}

let state: State = { toasts: [], confirms: [] };
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  listeners.forEach((l) => l());
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const snapshot = (): State => state;

export function dismissToast(id: number): void {
  set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) });
}

/**
 * Shows a message for durationMs (2 s by default, the spec's toast length); an error stays until dismissed, fixed
 * (a success clears the errors before it) or the page changes (clearErrors). Returns its id.
 */
export function toast(
  text: string,
  options: { durationMs?: number; kind?: ToastKind; params?: Record<string, unknown> } = {},
): number {
  const item: ToastItem = {
    id: nextId++,
    text,
    params: options.params,
    kind: options.kind ?? 'info',
    durationMs: options.kind === 'error' ? 0 : (options.durationMs ?? 2000),
  };
  // The same message twice in a row (a burst of failing calls) is shown once; a success ends the errors before it.
  const toasts = state.toasts.filter(
    (t) => !(t.text === item.text && t.kind === item.kind) && !(item.kind === 'success' && t.kind === 'error'),
  );
  set({ ...state, toasts: [...toasts, item] });
  if (item.durationMs > 0 && typeof setTimeout !== 'undefined')
    setTimeout(() => dismissToast(item.id), item.durationMs);
  return item.id;
}

/** The page changed: the errors of the page left are no longer about what is on screen. */
export function clearErrors(): void {
  if (state.toasts.some((t) => t.kind === 'error'))
    set({ ...state, toasts: state.toasts.filter((t) => t.kind !== 'error') });
}

/** Asks a question in a modal dialog; resolves true for OK, false for cancel or close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const item: ConfirmItem = {
      closable: true,
      ...options,
      id,
      resolve: (answer) => {
        set({ ...state, confirms: state.confirms.filter((c) => c.id !== id) });
        resolve(answer);
      },
    };
    set({ ...state, confirms: [...state.confirms, item] });
  });
}

/** Is a dialog with this message already open? (The session-expired dialog is raised once, however many calls fail.) */
export const isConfirmOpen = (message: string): boolean => state.confirms.some((c) => c.message === message);
