// The search form of a list, from the definition's `search` fields, rendered by the same rjsf form as every
// other form (compact layout). Search applies the filters (normalised: digits only, status mapping); Reset
// clears them. Enter in a field searches.
import { useMemo, useState } from 'react';
import type { ResolvedField } from '../../engine';
import { formSchema } from '../../engine';
import { engineValidator } from '../form/engineValidator';
import { FieldsForm } from '../form/FieldsForm';
import type { FormContext } from '../form/formContext';
import { useScreenEnv } from '../form/screenEnv';
import { useI18n } from '../i18n';
import { normaliseFilters } from './listState';

export interface SearchBarProps {
  screenId: string;
  fields: ResolvedField[];
  calls: FormContext['calls'];
  onSearch(filters: Record<string, unknown>): void;
}

/** Search fields are never "invalid": a filter narrows the list, the server decides what matches. */
const noErrors = engineValidator(() => [], (e) => e.message);

export function SearchBar({ screenId, fields, calls, onSearch }: SearchBarProps) {
  const env = useScreenEnv();
  const { t } = useI18n();
  const [form, setForm] = useState<Record<string, unknown>>({});
  const schema = useMemo(() => ({ ...formSchema(fields), required: [] }), [fields]);
  const context: FormContext = useMemo(() => ({
    t, env, screenId, calls, form, compact: true, shown: {},
    fields: new Map(fields.map((f) => [f.name, { ...f, required: false }])),
    errorFor: () => undefined,
    touch: () => undefined,
    setValue: (name, value) => setForm((f) => ({ ...f, [name]: value })),
  }), [t, env, screenId, calls, fields, form]);

  const search = () => {
    const filters = normaliseFilters(form, fields);
    setForm(filters);
    onSearch(filters);
  };
  return (
    <div className="search-bar" role="search" aria-label={t('List.searchForm')}>
      <FieldsForm id={`search-${screenId}`} schema={schema} fields={fields} formData={form} context={context} validator={noErrors} onChange={setForm} onSubmit={search} className="search-bar__form" />
      <div className="search-bar__buttons button-row">
        <button type="button" className="btn btn--primary" onClick={search}>{t('Common.search')}</button>
        <button type="button" className="btn btn--ghost" onClick={() => { setForm({}); onSearch({}); }}>{t('Common.reset')}</button>
      </div>
    </div>
  );
}
