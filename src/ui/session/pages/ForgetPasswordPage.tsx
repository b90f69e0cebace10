// /forgetpassword (public): the forgetPassword definition in the public frame. "Send code" asks the server to
// send a dynamic code (never shown here); submitting sets the new password under the change policy. Once it is
// set, the form (the code and the new password in it) gives way to what happened and what to do next: log in with
// the new password, through the button, when the provider is ready (no timer taking the page away mid-reading).
import { useState } from 'react';
import { Link } from '../../router';
import { DefinitionForm, type SubmittedEvent } from '../../form/DefinitionForm';
import { ScreenEnvProvider } from '../../runtime/screenEnv';
import { engineFor } from '../../definitions';
import { useI18n, WithCatalogue } from '../../i18n';
import { toast } from '../../shell/feedback';
import { Icon } from '../../shell/Icon';
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
  const setup = useLoginConfig();
  // The account whose password was just reset: the page then shows the outcome instead of the form.
  const [resetFor, setResetFor] = useState<string>();

  const onSubmitted = ({ action, form }: SubmittedEvent) => {
    if (action.name === 'sendCode') {
      toast('ForgetPassword.codeSent', { kind: 'success', durationMs: 4000 });
      return;
    }
    setResetFor(String(form.account ?? ''));
  };

  if (resetFor !== undefined)
    return (
      <AuthLayout title={t('ForgetPassword.doneTitle')}>
        <div className="auth__outcome">
          <div className="alert alert--success" role="status" data-outcome="passwordReset">
            <Icon name="check" size={18} />
            <span>{t('ForgetPassword.done', { account: resetFor })}</span>
          </div>
          <Link className="btn btn--primary" to="/login" replace>
            {t('ForgetPassword.toLogin')}
          </Link>
        </div>
      </AuthLayout>
    );

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
