// One prompt file per content language (000 §2 music box: "prompt file per language"): the value is a map
// languageCode -> saved file name (sent as JSON by the definition). With ui.perLanguage false only the language
// of highest priority is offered. Each row is an upload with the field's accept/size rules.
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { request } from '../../../api';
import { widgetContext } from '../widgetProps';
import { rulesOf, type FileRules } from '../../../engine/files';
import { UploadBox } from './UploadBox';
import { useShownName } from './useShownName';
import { useUpload } from './useUpload';
import './upload.css';

interface Language {
  languageCode: string;
  languageDesc?: string;
  priority?: string;
}

function LanguageFile({
  id,
  language,
  rules,
  saved,
  disabled,
  onChange,
}: {
  id: string;
  language: Language;
  rules: FileRules;
  saved?: string;
  disabled?: boolean;
  onChange(saved: string | undefined): void;
}) {
  const { upload, progress } = useUpload(rules, { failed: 'Common.uploadFailed' });
  // The chip names the file the provider chose, not the server's saved name.
  const shown = useShownName(saved);
  return (
    <div className="language-file">
      <span className="language-file__name" id={`${id}-label`}>
        {language.languageDesc ?? language.languageCode}
      </span>
      <UploadBox
        id={id}
        rules={rules}
        fileName={shown.name}
        progress={progress}
        disabled={disabled}
        describedBy={`${id}-label`}
        onFile={async (file) => {
          const done = await upload(file);
          if (!done) return;
          shown.remember(done.savedFilename, done.originalFilename);
          onChange(done.savedFilename);
        }}
        onRemove={() => onChange(undefined)}
      />
    </div>
  );
}

export function LanguageFilesWidget(props: WidgetProps) {
  const { ctx, name, ui, t } = widgetContext(props);
  const rules = useMemo(() => rulesOf(ui), [ui]);
  const languages = useQuery({
    queryKey: ['languages'],
    queryFn: async () =>
      ((await request<Language[]>('common/querylanguagelist', {}, { kind: 'get' })).record ?? []) as Language[],
  });
  const value: Record<string, string> = props.value && typeof props.value === 'object' ? props.value : {};
  // The list comes highest priority first; without per-language prompts only that one is asked for.
  const shown = ui.perLanguage === false ? (languages.data ?? []).slice(0, 1) : (languages.data ?? []);
  const set = (code: string, saved: string | undefined) => {
    const next = { ...value };
    if (saved) next[code] = saved;
    else delete next[code];
    props.onChange(Object.keys(next).length ? next : undefined);
    ctx.touch(name);
  };
  // While the languages come: one row laid out as a loaded one (a disabled upload box), not a taller loading box,
  // so the fields below stay where they are when the list answers (one language on most sites): a press on them
  // while it comes (the tariff choice) lands where it was aimed instead of on what the answer moved there.
  if (languages.isLoading)
    return (
      <div className="language-files" role="status" aria-busy="true" aria-label={t('Form.loading')}>
        <div className="language-file">
          <span className="language-file__name">
            <span className="spinner" aria-hidden="true" />
          </span>
          <UploadBox id={`${props.id}-loading`} rules={rules} progress={null} disabled onFile={() => undefined} />
        </div>
      </div>
    );
  return (
    <div className="language-files" role="group" aria-labelledby={`${props.id}__label`}>
      {shown.map((l, i) => (
        <LanguageFile
          key={l.languageCode}
          id={i === 0 ? props.id : `${props.id}-${l.languageCode}`}
          language={l}
          rules={rules}
          saved={value[l.languageCode]}
          disabled={props.disabled || props.readonly}
          onChange={(saved) => set(l.languageCode, saved)}
        />
      ))}
    </div>
  );
}
