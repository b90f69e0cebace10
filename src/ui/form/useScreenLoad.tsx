// The record a form starts from when its definition has a `load` call (an edit page, my account, a dialog that
// reads what it shows): read once per opening, mapped to the form by `load.form`, shown as a skeleton while it
// comes and as a retryable error when it does not. FormScreen and DefinitionDialog both start from it.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formFromRecord, type Mode } from '../../engine';
import { useI18n } from '../i18n';
import { callApi, succeeded } from '../runtime/api';
import { useScreenEnv } from '../runtime/screenEnv';

export interface ScreenLoad {
  /** The screen reads a record before its form opens. */
  loads: boolean;
  /** The form's starting values: undefined while the record is on its way. */
  start: Record<string, unknown> | undefined;
  state: { isLoading: boolean; isError: boolean; retry(): void };
  rows: number;
}

export function useScreenLoad(screenId: string, mode: Mode, initial: Record<string, unknown> | undefined): ScreenLoad {
  const env = useScreenEnv();
  const def = env.engine.definition(screenId);
  const screen = useMemo(
    () => env.engine.resolve(screenId, { config: env.config, user: env.user, mode }),
    [env, screenId, mode],
  );
  // A screen with `load` reads its record in edit mode, or always when it has no add mode at all (my account).
  const load = screen.load && (mode === 'edit' || !def.editWhen) ? screen.load : undefined;
  const record = useQuery({
    queryKey: ['form-load', screenId, mode, initial ?? {}],
    enabled: Boolean(load),
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => {
      const call = screen.calls[load!.call];
      const answer = await callApi(
        call,
        env.engine.payload(screenId, load!.call, { config: env.config, user: env.user, mode, form: initial ?? {} }),
      );
      if (!succeeded(call, answer)) throw new Error(answer.returnMsg ?? 'load failed');
      const rec = (Array.isArray(answer.record) ? answer.record[0] : answer.record) as
        Record<string, unknown> | undefined;
      return formFromRecord(load!, rec ?? {}, env.engine.context({ config: env.config, user: env.user, mode }));
    },
  });
  return {
    loads: Boolean(load),
    start: load ? (record.data ? { ...(initial ?? {}), ...record.data } : undefined) : initial,
    state: {
      isLoading: Boolean(load) && record.isLoading,
      isError: Boolean(load) && record.isError,
      retry: () => void record.refetch(),
    },
    rows: Math.min(screen.fields.length, 6),
  };
}

/** The skeleton while the record comes, the error with Retry when it did not. */
export function LoadState({ load }: { load: ScreenLoad }) {
  const { t } = useI18n();
  return (
    <>
      {load.state.isLoading && <FormSkeleton rows={load.rows} label={t('Form.loading')} />}
      {load.state.isError && (
        <div className="alert alert--error" role="alert">
          {t('Form.loadFailed')}
          <button type="button" className="btn btn--link" onClick={load.state.retry}>
            {t('Form.retry')}
          </button>
        </div>
      )}
    </>
  );
}

export function FormSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="form-skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="form-skeleton__row">
          <div className="skeleton" style={{ width: 120 }} />
          <div className="skeleton" style={{ height: 36 }} />
        </div>
      ))}
    </div>
  );
}
