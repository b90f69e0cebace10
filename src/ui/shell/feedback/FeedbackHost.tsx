// Renders the feedback store: the toast stack (a polite live region, errors assertive) and the open confirm
// dialogs, newest on top. Mounted once by the App; nothing else renders toasts or confirms.
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n';
import { useLocation } from '../../router';
import { clearErrors, dismissToast, snapshot, subscribe } from './store';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

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
      {confirms.length > 0 && (
        <Suspense fallback={null}>
          {confirms.map((item) => (
            <ConfirmDialog key={item.id} item={item} />
          ))}
        </Suspense>
      )}
    </>
  );
}
