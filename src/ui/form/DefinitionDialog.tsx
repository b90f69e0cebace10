// A dialog holding a definition's form (Add Copyright...). Its buttons sit at the foot of the dialog like every
// dialog's (right-aligned, Back before the primary action), with a Back button; a successful submit closes it
// and tells the opener something changed (the list reloads). A dialog whose definition has a `load` call starts
// from the record it reads (the operator's review of one change), as a form page does.
import type { Mode } from '../../engine';
import { useI18n } from '../i18n';
import { Dialog } from '../shell/feedback';
import { toast } from '../shell/feedback';
import { DefinitionForm, type SubmittedEvent } from './DefinitionForm';
import { useScreenEnv } from '../runtime/screenEnv';
import { LoadState, useScreenLoad } from './useScreenLoad';

export interface DefinitionDialogProps {
  screenId: string;
  /** i18n key; the screen's own title when absent. */
  title?: string;
  mode?: Mode;
  initial?: Record<string, unknown>;
  size?: 'small' | 'medium' | 'large';
  onClose(changed: boolean): void;
  onSubmitted?(event: SubmittedEvent): void;
}

export function DefinitionDialog({
  screenId,
  title,
  mode,
  initial,
  size = 'medium',
  onClose,
  onSubmitted,
}: DefinitionDialogProps) {
  const { t } = useI18n();
  const env = useScreenEnv();
  // The definition's own back action closes the dialog; without one, the dialog adds a Back button.
  const load = useScreenLoad(screenId, mode ?? 'add', initial);
  const hasBack = Object.values(env.engine.definition(screenId).actions ?? {}).some(
    (a) => a.scope === 'form' && !a.call && !a.navigate && !a.dialog,
  );
  return (
    <Dialog open size={size} title={t(title ?? env.engine.definition(screenId).title)} onClose={() => onClose(false)}>
      <LoadState load={load} />
      {load.start === undefined && load.loads ? null : (
        <DefinitionForm
          screenId={screenId}
          mode={mode}
          initial={load.start}
          onSubmitted={(event) => {
            if (onSubmitted) onSubmitted(event);
            else toast(event.action.successMessage ?? 'Form.saved', { kind: 'success' });
            onClose(true);
          }}
          onBack={() => onClose(false)}
          extraButtons={
            hasBack ? undefined : (
              <button type="button" className="btn btn--ghost" onClick={() => onClose(false)}>
                {t('Common.back')}
              </button>
            )
          }
          primaryLast
          renderButtons={(buttons) => <div className="dialog-form__footer">{buttons}</div>}
        />
      )}
    </Dialog>
  );
}
