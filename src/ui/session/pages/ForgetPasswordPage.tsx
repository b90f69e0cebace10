// /forgetpassword (public): the forgetPassword definition in the public frame. "Send code" asks the server to
// send a dynamic code (never shown here); submitting sets the new password under the change policy, then the
// provider goes back to the login page.
import { useNavigate } from '../../router';
import { DefinitionForm, type SubmittedEvent } from '../../form/DefinitionForm';
import { ScreenEnvProvider } from '../../runtime/screenEnv';
import { engineFor } from '../../definitions';
import { useI18n, WithCatalogue } from '../../i18n';
import { toast } from '../../shell/feedback';
import { PageLoading } from '../../shell/PageLoading';
import { AuthLayout } from '../AuthLayout';
import { useLoginConfig } from '../useLoginConfig';

const NO_USER = {};

export default function ForgetPasswordPage() {
  return (
    <WithCatalogue part="rest" fallback={<PageLoading />}>
      <ForgetPassword />
    </WithCatalogue>
  );
}

function ForgetPassword() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const setup = useLoginConfig();

  const onSubmitted = ({ action }: SubmittedEvent) => {
    if (action.name === 'sendCode') {
      toast('ForgetPassword.codeSent', { kind: 'success', durationMs: 4000 });
      return;
    }
    toast('ForgetPassword.done', { kind: 'success' });
    setTimeout(() => navigate('/login', { replace: true }), 2000);
  };

  return (
    <AuthLayout title={t('ForgetPassword.title')} subtitle={t('ForgetPassword.subtitle')}>
      {setup.ready ? (
        <ScreenEnvProvider
          engine={engineFor(setup.site)}
          site={setup.site}
          config={setup.config}
          user={NO_USER}
          dictionaries={setup.raw.dictionaries}
        >
          <DefinitionForm screenId="forgetPassword" onSubmitted={onSubmitted} />
        </ScreenEnvProvider>
      ) : (
        <PageLoading />
      )}
    </AuthLayout>
  );
}
