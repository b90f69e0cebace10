// A selection list in a dialog (001 §2.3 tone selection, 000 §2 copyright owner selection, 1000 px with Submit
// and Back): the list's own search and paging, selection kept across pages keyed by the list's rowKey, at most
// `max` rows. In add mode every change is emitted to the parent at once (`onChange`); otherwise the selection is
// merged across pages and handed over on Submit.
import { useState } from 'react';
import { useI18n } from '../i18n';
import { Dialog } from '../shell/feedback';
import { ListScreen } from './ListScreen';
import type { SelectionDialogProps } from '../runtime/nestedScreens';
import type { Row } from './useSelection';
import './list.css';

export function SelectionDialog({
  screenId,
  title,
  initial = [],
  max,
  filters,
  filterNote,
  wholeList,
  onChange,
  onSubmit,
  onClose,
}: SelectionDialogProps) {
  const { t } = useI18n();
  const [rows, setRows] = useState<Row[]>(initial);
  return (
    <Dialog
      open
      size="large"
      title={t(title ?? 'List.chooseRecords')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('Common.back')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onSubmit(rows)}>
            {t('Common.submit')}
          </button>
        </>
      }
    >
      <div className="selection-dialog">
        <ListScreen
          screenId={screenId}
          embedded
          initialFilters={filters}
          filterNote={filterNote}
          wholeList={wholeList}
          selection={{
            initial,
            max,
            onChange: (next) => {
              setRows(next);
              onChange?.(next);
            },
          }}
        />
      </div>
    </Dialog>
  );
}
