// Renders the feedback store: the toast stack (a polite live region, errors assertive) and the open confirm
// dialogs, newest on top. Mounted once by the App; nothing else renders toasts or confirms.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n';
import { useLocation } from '../../router';
import { Dialog } from './Dialog';
import { clearErrors, dismissToast, snapshot, subscribe, type ConfirmItem } from './store';

function ConfirmDialog({ item }: { item: ConfirmItem }) {
  const { t } = useI18n();
  const closable = item.closable !== false;
  const cancelLabel = item.cancelLabel === undefined ? 'Common.cancel' : item.cancelLabel;
  const okClass = item.kind === 'danger' ? 'btn btn--danger' : 'btn btn--primary';
  return (
    <Dialog
      open
      alert
      size="small"
      title={t(item.title ?? 'Common.confirmTitle')}
      closable={closable}
      onClose={closable ? () => item.resolve(false) : undefined}
      footer={
        <>
          {cancelLabel !== null && (
            <button type="button" className="btn btn--ghost" onClick={() => item.resolve(false)}>
              {t(cancelLabel)}
            </button>
          )}
          <button type="button" className={okClass} onClick={() => item.resolve(true)}>
            {t(item.okLabel ?? 'Common.ok')}
          </button>
        </>
      }
    >
      <div className={`confirm confirm--${item.kind ?? 'info'}`}>
        <span className="confirm__icon" aria-hidden="true">
          {item.kind === 'danger' || item.kind === 'warning' ? '!' : 'i'}
        </span>
        <p className="confirm__message">{t(item.message, item.params)}</p>
      </div>
    </Dialog>
  );
}

export function FeedbackHost() {
  const { t } = useI18n();
  const { toasts, confirms } = useSyncExternalStore(subscribe, snapshot, snapshot);
  // Errors stay until dismissed or fixed, or until the user goes to another page (not on the first render).
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current !== pathname) clearErrors();
    shown.current = pathname;
  }, [pathname]);
  return (
    <>
      <div className="toast-stack" aria-live="polite" aria-relevant="additions">
        {toasts.map((item) => (
          <div
            key={item.id}
            className={`toast toast--${item.kind}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
            data-persistent={item.durationMs === 0 || undefined}
          >
            <span className="toast__icon" aria-hidden="true" />
            <span className="toast__text">{t(item.text, item.params)}</span>
            <button
              type="button"
              className="toast__close"
              aria-label={t('Common.close')}
              onClick={() => dismissToast(item.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
      {confirms.map((item) => (
        <ConfirmDialog key={item.id} item={item} />
      ))}
    </>
  );
}
