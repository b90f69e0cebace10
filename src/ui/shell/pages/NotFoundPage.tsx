// An address that is no route of the portal.
import { useLocation } from '../../router';
import { useI18n } from '../../i18n';
import { NoticePage } from './NoticePage';

export default function NotFoundPage() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <NoticePage screen="notFound" icon="help" title={t('NotFound.title')}>
      <p>{t('NotFound.text')}</p>
      <p className="muted mono">{pathname}</p>
    </NoticePage>
  );
}
