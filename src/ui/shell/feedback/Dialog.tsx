// A modal dialog: labelled by its title, focus kept inside while open and given back on close, Escape and the
// close button only when closable. Rendered in a portal so page layout and overflow never clip it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../../i18n';

export interface DialogProps {
  open: boolean;
  /** Already translated title. */
  title: ReactNode;
  children: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  onClose?: () => void;
  /** false: no close button, no Escape, no backdrop click (e.g. session expired). */
  closable?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** role=alertdialog for questions that interrupt the user. */
  alert?: boolean;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function Dialog({
  open,
  title,
  children,
  footer,
  onClose,
  closable = true,
  size = 'medium',
  alert = false,
}: DialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    // Focus the first control of the body or footer, else the panel itself, so screen readers announce the dialog.
    const first = node?.querySelector<HTMLElement>(`.dialog__body ${FOCUSABLE}, .dialog__footer ${FOCUSABLE}`);
    (first ?? node)?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && closable && onClose) {
      e.stopPropagation();
      onClose();
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const [first, last] = [items[0], items[items.length - 1]];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable) onClose?.();
      }}
    >
      <div
        ref={panel}
        className={`dialog dialog--${size}`}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {closable && onClose && (
            <button
              type="button"
              className="icon-button dialog__close"
              aria-label={t('Common.close')}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
