// `localFile`: a file the form sends itself with its submit (multipart), such as a batch zip and its index. The
// file is checked against the field's rules (ui.accept, ui.maxSizeMB) when chosen and kept in the browser; the
// form value is the token standing for it (src/ui/form/localFiles.ts). The form shows the sending progress.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { toast } from '../../shell/feedback';
import { keepFile, localFileName } from '../../runtime/localFiles';
import { widgetContext } from '../widgetProps';
import { fileProblem, rulesOf } from '../../../engine/files';
import { UploadBox } from './UploadBox';
import './upload.css';

export function LocalFileWidget(props: WidgetProps) {
  const { ctx, name, ui, aria, t } = widgetContext(props);
  const rules = useMemo(() => rulesOf(ui), [ui]);
  return (
    <UploadBox
      id={props.id}
      rules={rules}
      fileName={localFileName(props.value)}
      progress={null}
      disabled={props.disabled || props.readonly}
      describedBy={aria['aria-describedby']}
      invalid={Boolean(aria['aria-invalid'])}
      hint={typeof ui.hint === 'string' ? t(ui.hint, ui.hintParams as Record<string, unknown> | undefined) : undefined}
      onFile={(file) => {
        const problem = fileProblem(file, rules);
        if (problem) return void toast(problem.key, { kind: 'error', params: problem.params, durationMs: 5000 });
        if (file.size === 0) return void toast('BatchScreen.fileEmpty', { kind: 'error', params: { name: file.name } });
        ctx.touch(name);
        props.onChange(keepFile(file));
        ctx.fileChanged?.();
      }}
      onRemove={() => {
        props.onChange(undefined);
        ctx.fileChanged?.();
      }}
    />
  );
}
