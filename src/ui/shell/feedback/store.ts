// The feedback store: toasts and confirm dialogs live outside React so that non-React code (the API client)
// can raise them. <FeedbackHost/> subscribes and renders; everything else only calls toast() or confirm().

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  /** An i18n key or a literal text (a key missing from the catalogue is shown as it is). */
  text: string;
  params?: Record<string, unknown>;
  kind: ToastKind;
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

/** Shows a message for durationMs (2 s by default, the spec's toast length). Returns its id. */
export function toast(
  text: string,
  options: { durationMs?: number; kind?: ToastKind; params?: Record<string, unknown> } = {},
): number {
  const item: ToastItem = {
    id: nextId++,
    text,
    params: options.params,
    kind: options.kind ?? 'info',
    durationMs: options.durationMs ?? 2000,
  };
  // The same message twice in a row (a burst of failing calls) is shown once.
  const toasts = state.toasts.filter((t) => !(t.text === item.text && t.kind === item.kind));
  set({ ...state, toasts: [...toasts, item] });
  if (item.durationMs > 0 && typeof setTimeout !== 'undefined')
    setTimeout(() => dismissToast(item.id), item.durationMs);
  return item.id;
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
