// /console/login: the operator's sign-in, the opLogin definition drawn by the shared form renderer inside the
// portal's sign-in frame. Signed in (000000, or 312022: a password to set first), the console opens.
import { AuthLayout } from '../session/AuthLayout';
import { DefinitionForm } from '../form/DefinitionForm';
import { ScreenEnvProvider } from '../runtime/screenEnv';
import { useNavigate } from '../router';
import { CONSOLE_HOME, operatorEngine } from './definitions';
import { useOperatorSession } from './OperatorSession';
import { useI18n } from '../i18n';
import { BASE_SITE } from '../../engine/sources';

const NO_USER = {};

export default function OperatorLogin() {
  const { t } = useI18n();
  const { refresh } = useOperatorSession();
  const navigate = useNavigate();
  const engine = operatorEngine();
  return (
    <AuthLayout title={t('Operator.loginTitle')}>
      <div data-screen="opLogin">
        <ScreenEnvProvider engine={engine} site={BASE_SITE} config={engine.set.config} user={NO_USER}>
          <DefinitionForm
            screenId="opLogin"
            onSubmitted={async () => {
              await refresh();
              navigate(CONSOLE_HOME, { replace: true });
            }}
          />
        </ScreenEnvProvider>
      </div>
    </AuthLayout>
  );
}
