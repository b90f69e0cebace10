// A confirmation the feedback store holds, as an alert dialog (FeedbackHost loads it with the first one: the login
// page, the portal's first load, shows toasts but asks for no confirmation).
import { useI18n } from '../../i18n';
import { Dialog } from './Dialog';
import type { ConfirmItem } from './store';

export default function ConfirmDialog({ item }: { item: ConfirmItem }) {
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
