// noPrivilege (000 §2): opened by the name-RBT upload entry when the category call gives no record.
import { Link } from '../../router';
import { useI18n } from '../../i18n';
import type { ScreenProps } from '../routeTable';
import { NoticePage } from './NoticePage';

export default function NoPrivilegePage(_props: ScreenProps) {
  const { t } = useI18n();
  return (
    <NoticePage
      screen="noPrivilege"
      icon="lock"
      tone="warning"
      title={t('NoPrivilege.title')}
      more={
        <Link className="btn btn--ghost" to="/guide">
          {t('Menu.guide')}
        </Link>
      }
    >
      <p>{t('NoPrivilege.message')}</p>
      <p className="muted">{t('NoPrivilege.hint')}</p>
    </NoticePage>
  );
}
