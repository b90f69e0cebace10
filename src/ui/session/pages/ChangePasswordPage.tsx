// /changepassword: the changePassword definition. On first login (or when the session requires it) the guard
// keeps the provider here and the menu is hidden; after a successful change the session is re-read and the
// provider continues into the portal.
import { useNavigate } from '../../router';
import { FormScreen } from '../../form/FormScreen';
import { useI18n } from '../../i18n';
import { toast } from '../../shell/feedback';
import type { ScreenProps } from '../../shell/screens';
import { mustChangePassword } from '../guard';
import { useSession } from '../SessionContext';
import { readNeedChangePwd, readRawUser } from '../storage';

export default function ChangePasswordPage(_props: ScreenProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const session = useSession();
  const forced = mustChangePassword({ rawUser: readRawUser(), needChangePwd: readNeedChangePwd() });

  const onSubmitted = async () => {
    toast('ChangePassword.done', { kind: 'success' });
    await session.refresh().catch(() => undefined);
    navigate('/', { replace: true });
  };

  return (
    <div className="narrow-page single-column" data-screen="changePassword">
      <FormScreen
        screenId="changePassword"
        onSubmitted={() => void onSubmitted()}
        intro={
          forced ? (
            <div className="alert alert--warning" role="status" data-notice="firstLogin">
              {t('ChangePassword.forcedNotice')}
            </div>
          ) : undefined
        }
      />
    </div>
  );
}
