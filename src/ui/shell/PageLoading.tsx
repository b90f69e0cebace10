// What a lazy screen shows while its chunk loads: a quiet spinner, announced to screen readers.
import { useI18n } from '../i18n';

export function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('Common.loading')}</span>
    </div>
  );
}
