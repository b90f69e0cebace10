// A form rendered from a screen definition: the engine resolves it on every change of the values, once per
// new value (formResolver), so visibility, required and options follow the data; it validates it (messages
// shown after a field is touched or the form is submitted) and maps it to the call of the action pressed.
// Used by FormScreen and inside dialogs.
import { lazy, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from '../router';
import type { FieldError, Mode, ResolvedAction } from '../../engine';
import { useI18n } from '../i18n';
import { clearErrors, toast } from '../shell/feedback';
import { ProgressBar } from '../shell/ProgressBar';
import type { Answer } from '../runtime/api';
import { engineValidator } from './engineValidator';
import { FieldsForm } from './FieldsForm';
import { errorText, focusFirstError, type FormContext } from '../runtime/formContext';
import { formResolver } from './formResolver';
import { useScreenEnv } from '../runtime/screenEnv';
import { useSubmit, REENABLE_MS } from './useSubmit';
import { useTouched } from './useTouched';
import { useTransferProgress } from '../runtime/transferProgress';
import { loadValidator } from '../validator';
import { nestedScreens } from '../runtime/nestedScreens';
import { withQueryClient } from '../runtime/queryClient';
import '../widgets/form.css';

// Only forms that run batches open it: a lazy chunk.
const BatchResultsDialog = lazy(() => import('./BatchResultsDialog').then((m) => ({ default: m.BatchResultsDialog })));

export const FILE_SETTLE_MS = 2500;

export interface SubmittedEvent {
  action: ResolvedAction;
  answer?: Answer;
  form: Record<string, unknown>;
  reset(): void;
}

export interface DefinitionFormProps {
  screenId: string;
  mode?: Mode;
  /** Starting values (a record read for edit, query values); defaults fill the rest. */
  initial?: Record<string, unknown>;
  /** After a successful call. Without it: a success toast, then the action's `navigate` (at once in edit mode, with the fields cleared; else after 2 s), or a fresh form in add mode. */
  onSubmitted?(event: SubmittedEvent): void;
  /** Called with every change (a parent that shows a preview or keeps a draft). */
  onChange?(form: Record<string, unknown>): void;
  /** A form action with no call, route or dialog is "back": this runs it (a dialog closes), else history back. */
  onBack?(): void;
  /** Extra buttons after the definition's form actions (Back in a dialog). */
  extraButtons?: ReactNode;
  /** Override of the button bar (a dialog puts its buttons in its footer through `renderButtons`). */
  renderButtons?(buttons: ReactNode): ReactNode;
  /** Dialogs: the extra buttons first and the primary action last, as every dialog's footer orders them. */
  primaryLast?: boolean;
}

export function DefinitionForm(props: DefinitionFormProps) {
  // A form validates from its first render: it waits (suspends) until the engine's validator has loaded.
  use(loadValidator());
  return <WithClient {...props} />;
}
const WithClient = withQueryClient(DefinitionFormInner);

function DefinitionFormInner({
  screenId,
  mode = 'add',
  initial,
  onSubmitted,
  onChange,
  onBack,
  extraButtons,
  renderButtons,
  primaryLast,
}: DefinitionFormProps) {
  const env = useScreenEnv();
  const { t } = useI18n();
  const navigate = useNavigate();
  // A dialog action's screen (a form or a list), loaded when a dialog first opens.
  const { ScreenDialog } = nestedScreens();
  const base = useMemo(() => ({ config: env.config, user: env.user, mode }), [env.config, env.user, mode]);
  const resolver = useMemo(() => formResolver(env.engine, screenId, base), [env.engine, screenId, base]);
  const start = useCallback(() => resolver.start(initial), [initial, resolver]);

  const [form, setForm] = useState<Record<string, unknown>>(start);
  const { touched, setTouched, touch, holdDuringPress } = useTouched();
  const [submitted, setSubmitted] = useState(false);
  const [dialog, setDialog] = useState<ResolvedAction | null>(null);
  const [results, setResults] = useState<{ action: ResolvedAction; answer: Answer } | null>(null);
  const sending = useTransferProgress();
  /** Reasons the server gave for fields on the last submit; each goes away when its field changes. */
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError>>({});
  const screen = resolver.screen(form);
  const errors = resolver.errors(form);
  const { run, pending, busy } = useSubmit();
  // 001 §4: the upload (submit) button is disabled for 2.5 s after a file changes, so a file still being
  // settled (preview, measured size) is not sent half-known.
  const [settling, setSettling] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  const fileChanged = useCallback(() => {
    setSettling(true);
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => setSettling(false), FILE_SETTLE_MS);
  }, []);
  const formId = `form-${screenId}`;
  const formRef = useRef(form);
  formRef.current = form;

  const change = useCallback(
    (next: Record<string, unknown>) => {
      const before = formRef.current;
      const out = resolver.change(before, next);
      formRef.current = out;
      setForm(out);
      setServerErrors((errs) => {
        const changed = Object.keys(errs).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(out[k]));
        if (changed.length === 0) return errs;
        const rest = { ...errs };
        changed.forEach((k) => delete rest[k]);
        return rest;
      });
      onChange?.(out);
    },
    [resolver, onChange],
  );

  /** Empties every field (an edit that succeeded): no default comes back either. */
  const clear = useCallback(() => {
    formRef.current = {};
    setForm({});
    setTouched(new Set());
    setSubmitted(false);
  }, [setTouched]);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const reset = useCallback(() => {
    const fresh = start();
    formRef.current = fresh;
    setForm(fresh);
    setTouched(new Set());
    setSubmitted(false);
  }, [start, setTouched]);

  const context: FormContext = useMemo(() => {
    // Plain data, not only closures: rjsf skips re-rendering a field when its props are deep-equal, and it
    // compares functions as equal, so what a field shows must change as data.
    const shown: Record<string, FieldError> = {};
    for (const e of errors) if (!(e.field in shown) && (submitted || touched.has(e.field))) shown[e.field] = e;
    for (const [field, e] of Object.entries(serverErrors)) if (!(field in shown)) shown[field] = e;
    return {
      shown,
      t,
      env,
      screenId,
      mode,
      calls: screen.calls,
      fields: new Map(screen.fields.map((f) => [f.name, f])),
      form,
      errorFor: (name) => shown[name],
      touch,
      setValue: (name, value) => change({ ...formRef.current, [name]: value }),
      fileChanged,
      setServerError: (name, error) =>
        setServerErrors((errs) => {
          const rest = { ...errs };
          if (error) rest[name] = error;
          else delete rest[name];
          return rest;
        }),
    };
  }, [t, env, screenId, mode, screen, form, errors, submitted, touched, touch, serverErrors, change, fileChanged]);

  // One validator per screen and session: a new one would make rjsf rebuild its schema utilities on every key.
  const contextRef = useRef(context);
  contextRef.current = context;
  const validator = useMemo(
    () => engineValidator(resolver.errors, (e) => errorText(contextRef.current, e) ?? e.message),
    [resolver],
  );

  const press = async (action: ResolvedAction) => {
    // A dialog action opens another screen with this form's values (the tariff detail of the chosen price group).
    if (action.dialog) return setDialog(action);
    if (action.navigate && !action.call) {
      navigate(action.navigate);
      return;
    }
    if (!action.call) {
      if (onBack) onBack();
      else navigate(-1);
      return;
    }
    // Actions that send the form check it first; a download (binary call) of the same screen does not need it.
    const validates = screen.calls[action.call]?.client !== 'binary';
    // An action may check only some fields (sending a code needs the account, not the new password).
    const blocking = action.validates ? errors.filter((e) => action.validates!.includes(e.field)) : errors;
    if (validates && blocking.length > 0) {
      if (action.validates) setTouched((s) => new Set([...s, ...action.validates!]));
      else setSubmitted(true);
      // The warning names the first invalid field in form order and what is wrong with it; a field may name its
      // own warning (a description's, 001 §8).
      const first = screen.fields.find((f) => blocking.some((e) => e.field === f.name));
      const firstError = blocking.find((e) => e.field === first?.name) ?? blocking[0];
      toast(first?.invalidNotice ?? 'Common.checkValidation', {
        kind: 'warning',
        durationMs: 4000,
        params: {
          field: first?.label ? t(first.label) : firstError.field,
          reason: errorText(context, firstError) ?? '',
        },
      });
      focusFirstError(formId, blocking);
      return;
    }
    const call = screen.calls[action.call];
    const payload = env.engine.payload(screenId, action.call, { ...base, form });
    const outcome = await run(call, payload);
    if (!outcome.ok) {
      const byField = Object.fromEntries(
        (outcome.errors ?? []).filter((e) => screen.fields.some((f) => f.name === e.field)).map((e) => [e.field, e]),
      );
      setServerErrors(byField);
      if (Object.keys(byField).length) focusFirstError(formId, Object.values(byField));
      // 001 §8: a refused new upload reloads the form when Submit comes back, 2 s later (the action's
      // reloadOnRefusal); the refusal itself stays on screen (an error toast stays until dismissed). A refusal the
      // server names at a field keeps what was typed instead: the message is about that value.
      else if (action.reloadOnRefusal && mode === 'add') {
        clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(reset, REENABLE_MS);
      }
      return;
    }
    setServerErrors({});
    // A download (a template, a file) saved nothing: the file is the answer. No "saved" toast, no tab switch or
    // navigation, and the form keeps what was typed.
    if (!validates) return;
    // Accepted: what was refused before is fixed, whatever tells the outcome (a toast, the results dialog, the
    // caller), so the refusals on screen go, as a success toast's arrival ends them (feedback/store.ts).
    clearErrors();
    // A batch: the results dialog tells line by line (and follows a task still running), the form starts afresh.
    if (action.results && outcome.answer) {
      setResults({ action, answer: outcome.answer });
      reset();
      return;
    }
    const event: SubmittedEvent = { action, answer: outcome.answer, form, reset };
    if (onSubmitted) return onSubmitted(event);
    // A success code other than 000000 is a warning (001 §8: 900439 on add, 900440 on edit): its message shows.
    if (outcome.answer?.returnCode !== '000000' && outcome.answer?.returnMsg)
      toast(outcome.answer.returnMsg, { kind: 'warning', durationMs: 3000 });
    else toast(action.successMessage ?? 'Form.saved', { kind: 'success' });
    // 001 §2.1: a successful edit clears the fields and goes to its list at once (the success message goes with
    // it); the record it edited is no longer what the form shows.
    if (action.navigate && mode === 'edit') {
      clear();
      navigate(action.navigate);
    } else if (action.navigate) setTimeout(() => navigate(action.navigate!), REENABLE_MS);
    else if (mode === 'add' && validates) reset();
  };

  const formActions = screen.actions.filter((a) => a.scope === 'form');
  const primary =
    formActions.find((a) => a.name === 'submit') ??
    formActions.find((a) => a.call && screen.calls[a.call]?.client !== 'binary');
  const ordered = primaryLast && primary ? [...formActions.filter((a) => a !== primary), primary] : formActions;
  // An action the definition disables says why (the radio account's submit while its boxes wait for approval).
  const reasonId = (a: { name: string }) => `${formId}-${a.name}-reason`;
  const withReason = ordered.filter((a) => a.disabled && a.disabledReason);
  const buttons = (
    <div className="form-actions button-row">
      {withReason.map((a) => (
        <p key={a.name} id={reasonId(a)} className="form-actions__reason" role="note">
          {t(a.disabledReason!)}
        </p>
      ))}
      {primaryLast && extraButtons}
      {ordered.map((a) => (
        <button
          key={a.name}
          type="button"
          aria-describedby={a.disabled && a.disabledReason ? reasonId(a) : undefined}
          className={`btn ${a === primary ? 'btn--primary' : a.destructive ? 'btn--danger' : !a.call && !a.dialog ? 'btn--ghost' : 'btn--secondary'}`}
          disabled={busy || (settling && Boolean(a.call)) || a.disabled}
          aria-busy={(pending && a === primary) || undefined}
          onPointerDown={holdDuringPress}
          onClick={() => void press(a)}
        >
          {pending && a === primary && <span className="btn__spinner" aria-hidden="true" />}
          {t(a.label)}
        </button>
      ))}
      {!primaryLast && extraButtons}
    </div>
  );

  return (
    <div className="definition-form-wrap" data-screen={screenId}>
      <FieldsForm
        id={formId}
        schema={screen.jsonSchema}
        fields={screen.fields}
        formData={form}
        context={context}
        validator={validator}
        onChange={change}
        onSubmit={() => primary && void press(primary)}
      />
      {pending && sending !== null && (
        <ProgressBar
          block="upload"
          className="form-transfer"
          label={t('Upload.progress')}
          percent={sending}
          showPercent
        />
      )}
      {renderButtons ? renderButtons(buttons) : buttons}
      {results && (
        <Suspense fallback={null}>
          <BatchResultsDialog
            screen={screen}
            action={results.action}
            answer={results.answer}
            onClose={() => {
              setResults(null);
              // 001 §2.1: the batch results popup goes back when closed: to the screen the definition names (the
              // list the batch's rows show in), not history back, which from the home page or a bookmark leaves
              // the flow (the Ais expiry batch landed on Home).
              const to = results.action.results?.closeTo;
              if (to && to !== 'form') navigate(to);
            }}
          />
        </Suspense>
      )}
      {dialog?.dialog && (
        <Suspense fallback={null}>
          <ScreenDialog screenId={dialog.dialog} title={dialog.label} initial={form} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
