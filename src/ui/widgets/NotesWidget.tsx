// A panel of notes that is text, not an input: a form's guidance in the provider's language (Batch Operation's
// template notes, 000 §2). ui.text names the message, ui.textParams fill it (from the configuration); each line of
// the message is a paragraph of its own.
import type { WidgetProps } from '@rjsf/utils';
import { widgetContext } from './widgetProps';

export function NotesWidget(props: WidgetProps) {
  const { ui, t } = widgetContext(props);
  if (typeof ui.text !== 'string') return null;
  const lines = t(ui.text, ui.textParams as Record<string, unknown> | undefined).split('\n');
  return (
    <div id={props.id} className="notes-panel" role="note">
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}
