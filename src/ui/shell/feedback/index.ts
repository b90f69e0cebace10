// Toasts, confirms and the Dialog component: the one set of feedback primitives every screen uses.
export { toast, confirm, clearErrors, type ToastKind, type ConfirmOptions } from './store';
export { Dialog, type DialogProps } from './Dialog';
export { FeedbackHost } from './FeedbackHost';
