// A dialog showing another screen named by an action's `dialog`: a form (DefinitionDialog) or a list (embedded
// ListScreen, lazily loaded so a form page does not carry the table code until a list dialog opens).
import { lazy, Suspense } from 'react';
import { useI18n } from '../i18n';
import { Dialog } from '../shell/feedback';
import { DefinitionDialog } from '../form/DefinitionDialog';
import type { ScreenDialogProps } from '../runtime/nestedScreens';
import { useScreenEnv } from '../runtime/screenEnv';

const ListScreen = lazy(() => import('../list/ListScreen').then((m) => ({ default: m.ListScreen })));

export function ScreenDialog({ screenId, title, initial, filters, onClose }: ScreenDialogProps) {
  const env = useScreenEnv();
  const { t } = useI18n();
  // The definitions linter makes sure an action's dialog names a screen of every site.
  const def = env.engine.definition(screenId);
  if (def.kind !== 'list')
    return (
      <DefinitionDialog screenId={screenId} title={title} initial={initial} size={def.dialogSize} onClose={onClose} />
    );
  return (
    <Dialog
      open
      size="large"
      title={t(title ?? def.title)}
      onClose={() => onClose(false)}
      footer={
        <button type="button" className="btn btn--ghost" onClick={() => onClose(false)}>
          {t('Common.back')}
        </button>
      }
    >
      <Suspense
        fallback={
          <div className="list-state" role="status">
            <span className="spinner" aria-hidden="true" />
          </div>
        }
      >
        <ListScreen screenId={screenId} embedded initialFilters={filters ?? initial} />
      </Suspense>
    </Dialog>
  );
}
