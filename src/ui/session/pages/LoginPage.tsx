// /login (000 §2, §4): the login definition rendered by the light PlainForm and validated by the engine.
// 000000 and 312022 store the session and continue (the guard then sends a first login to /changepassword).
// A refused login behaves like a good login page: one message, in the banner above the form (the error counter
// of checkModifyErrorTimes when it says more: attempts left or how long the lock lasts; else the server's
// reason), no toast; the password (and picture code) is cleared once, without a "required" error for the field
// just cleared, and the focus goes back to the password so the provider can type it again.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../router';
import { ApiError, api, request, type ErrorTimes } from '../../../api';
import { storedLanguage, useI18n } from '../../i18n';
import { loadValidator, loginContext, loginPayload, resolveLogin, type Validator } from '../loginScreen';
import { PlainForm } from '../PlainForm';
import { useSession } from '../SessionContext';
import { AuthLayout } from '../AuthLayout';
import { useLoginConfig } from '../useLoginConfig';
import { PictureCode } from '../PictureCode';

function throttleMessage(e: ErrorTimes): { key: string; params: Record<string, unknown> } | undefined {
  if (e.addressLocked === '1') return { key: 'Login.addressLocked', params: { minutes: e.addressLockMinutes } };
  if (e.locked === '1') return { key: 'Login.accountLocked', params: { minutes: e.lockMinutes } };
  if (e.errorTimes > 0) return { key: 'Login.attemptsLeft', params: { count: e.remainingTimes, max: e.maxErrorTimes } };
  return undefined;
}

export default function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const session = useSession();
  const setup = useLoginConfig();
  const [validate, setValidate] = useState<Validator | undefined>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<
    { key: string; params?: Record<string, unknown>; kind: 'error' | 'warning' } | undefined
  >();
  const [pictureKey, setPictureKey] = useState(0);

  const ctx = useMemo(() => loginContext(setup.site, setup.config, values), [setup.site, setup.config, values]);
  const screen = useMemo(() => resolveLogin(ctx), [ctx]);
  const errors = useMemo(() => (validate ? validate(screen, values, ctx) : []), [validate, screen, values, ctx]);
  // The validator arrives with the first keystroke (or submit), not with the page.
  const wantValidator = () => {
    void loadValidator().then((v) => setValidate(() => v));
  };
  const typed = Object.values(values).some(Boolean);
  useEffect(() => {
    if (typed) wantValidator();
  }, [typed]);
  const forgot = screen.actions.find((a) => a.navigate);

  const failed = async (message?: string) => {
    setPictureKey((k) => k + 1);
    setValues((v) => ({ ...v, password: '', pictureCode: '' }));
    // The cleared fields are not "wrong": their required message waits for the next submit.
    setSubmitted(false);
    setTouched((s) => new Set([...s].filter((f) => f !== 'password' && f !== 'pictureCode')));
    const times = values.account ? await api.errorTimes(values.account).catch(() => undefined) : undefined;
    const throttle = times?.record ? throttleMessage(times.record) : undefined;
    if (throttle) setNotice({ ...throttle, kind: 'error' });
    else if (message) setNotice({ key: message, kind: 'error' });
    requestAnimationFrame(() => document.getElementById('login-password')?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const check = await loadValidator();
    setValidate(() => check);
    const problems = check(screen, values, ctx);
    if (problems.length > 0) {
      document.getElementById(`login-${problems[0].field}`)?.focus();
      return;
    }
    const call = screen.calls.submit;
    setBusy(true);
    setNotice(undefined);
    try {
      // The language the provider chose, even if its catalogue is still on its way (the page switches once it is):
      // a session started in the rendered language would answer in the one just left.
      const payload = { ...(await loginPayload(screen, 'submit', ctx)), language: storedLanguage() };
      const answer = await request(call.path, payload, {
        kind: call.client,
        passCodes: call.successCodes,
        quiet: true,
      });
      if (answer.returnCode === '000000' || answer.returnCode === '312022') {
        await session.completeLogin(answer.record);
        navigate('/', { replace: true });
        return;
      }
      await failed(answer.returnMsg);
    } catch (error) {
      // Transport failures were already shown by the client (a toast); a refusal is shown here only.
      if (error instanceof ApiError && error.answer) await failed(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('Login.title')} subtitle={t('Login.subtitle')}>
      <form className="auth__form" noValidate onSubmit={submit} aria-busy={busy} data-screen="login">
        {notice && (
          <div className={`alert alert--${notice.kind}`} role="alert" data-notice="login">
            {t(notice.key, notice.params)}
          </div>
        )}
        <PlainForm
          idPrefix="login"
          fields={screen.fields}
          values={values}
          errors={errors}
          show={(f) => submitted || touched.has(f)}
          onChange={(f, v) => setValues((old) => ({ ...old, [f]: v }))}
          // Leaving an untouched empty field says nothing yet ("required" waits for submit): a message appearing
          // on blur would move the page under a pointer that is on its way to another control.
          onBlur={(f) => {
            if (values[f]) setTouched((s) => new Set(s).add(f));
          }}
          addon={(f) =>
            f.widget === 'pictureCode' ? (
              <PictureCode refreshKey={pictureKey} onRefresh={() => setPictureKey((k) => k + 1)} />
            ) : null
          }
        />
        <div className="auth__row">
          {forgot && (
            <Link to={forgot.navigate!} className="auth__link">
              {t(forgot.label)}
            </Link>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !setup.ready}>
          {busy && <span className="btn__spinner" aria-hidden="true" />}
          {t(screen.actions.find((a) => a.name === 'submit')?.label ?? 'Login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
