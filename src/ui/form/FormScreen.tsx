// A form page: title, the definition's form, and in edit mode the record read by the screen's `load` call
// (mapped to the form by the definition's `load.form`). Edit mode comes from the route query when the
// definition says where (`editWhen`), else from the `mode` prop. A gated form (`gate`) starts from its gate's
// record: the route query when the opener passed it, else the call made here; without one `otherwise` opens.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Mode, ScreenDef } from '../../engine';
import { useI18n } from '../i18n';
import { useNavigate } from '../router';
import { gateRecord } from '../runtime/gate';
import { DefinitionForm, type DefinitionFormProps } from './DefinitionForm';
import { FormSkeleton, LoadState, useScreenLoad } from './useScreenLoad';
import { withQueryClient } from '../runtime/queryClient';
import { useScreenEnv } from '../runtime/screenEnv';
import { ScreenCard } from '../shell/ScreenCard';

export interface FormScreenProps extends Omit<DefinitionFormProps, 'mode' | 'initial'> {
  mode?: Mode;
  /** Route query (type=modify...): decides edit mode through the definition's editWhen. */
  query?: URLSearchParams | Record<string, string>;
  /** Starting values known by the caller (a record from session storage, query fields). */
  initial?: Record<string, unknown>;
  /** Shown above the form (e.g. a notice on first login). */
  intro?: ReactNode;
}

function queryValue(query: FormScreenProps['query'], key: string): string | undefined {
  if (!query) return undefined;
  return query instanceof URLSearchParams ? (query.get(key) ?? undefined) : query[key];
}

export const FormScreen = withQueryClient(FormScreenInner);

/**
 * The record another screen left in session storage for an edit (editWhen.storageKey, e.g. the maintenance
 * list's row): read once, and removed when this screen closes so a later visit does not edit it again (001 §2.1).
 */
function useStoredRecord(key: string | undefined): Record<string, unknown> | undefined {
  const [stored] = useState(() => {
    if (!key) return undefined;
    try {
      const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown;
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  });
  useEffect(
    () => () => {
      if (key) sessionStorage.removeItem(key);
    },
    [key],
  );
  return stored;
}

/** The fields of the gate's record: from the query when it holds them all, else from the gate's call. */
function useGate(gate: ScreenDef['gate'], query: FormScreenProps['query']) {
  const navigate = useNavigate();
  const fromQuery = useMemo(() => {
    if (!gate) return {};
    const values = gate.fields.map((f) => [f, queryValue(query, f)] as const);
    return values.every(([, v]) => v) ? Object.fromEntries(values) : undefined;
  }, [gate, query]);
  const fetched = useQuery({
    queryKey: ['form-gate', gate?.call],
    enabled: Boolean(gate) && !fromQuery,
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => (await gateRecord(gate!.call)) ?? null,
  });
  const refused = Boolean(gate) && !fromQuery && fetched.isSuccess && !fetched.data;
  useEffect(() => {
    if (refused) navigate(gate!.otherwise, { replace: true });
  }, [refused, gate, navigate]);
  if (fromQuery) return { values: fromQuery as Record<string, unknown> };
  if (!fetched.data) return { values: undefined };
  return { values: Object.fromEntries(gate!.fields.map((f) => [f, fetched.data![f]])) };
}

function FormScreenInner({ screenId, mode: modeProp, query, initial: given, intro, ...rest }: FormScreenProps) {
  const env = useScreenEnv();
  const { t } = useI18n();
  const def = env.engine.definition(screenId);
  const gate = useGate(def.gate, query);
  const mode: Mode = def.editWhen
    ? queryValue(query, def.editWhen.query) === def.editWhen.equals
      ? 'edit'
      : 'add'
    : (modeProp ?? 'add');
  const stored = useStoredRecord(mode === 'edit' ? def.editWhen?.storageKey : undefined);
  const known = stored || def.gate ? { ...(stored ?? {}), ...(gate.values ?? {}) } : undefined;
  const initial = known ? { ...known, ...(given ?? {}) } : given;
  const screen = useMemo(
    () => env.engine.resolve(screenId, { config: env.config, user: env.user, mode }),
    [env, screenId, mode],
  );
  const load = useScreenLoad(screenId, mode, initial);
  const start = load.start;
  return (
    <ScreenCard kind="form-screen" screenId={screenId} title={t(screen.title)} marked={false}>
      {intro}
      <LoadState load={load} />
      {def.gate && !gate.values && <FormSkeleton rows={load.rows} label={t('Form.loading')} />}
      {def.gate && !gate.values ? null : start !== undefined || !load.loads ? (
        // Keyed by the loaded record so a reload starts a fresh form with its values.
        <DefinitionForm key={JSON.stringify(start ?? {})} screenId={screenId} mode={mode} initial={start} {...rest} />
      ) : null}
    </ScreenCard>
  );
}
