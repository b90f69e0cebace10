// A 'file' cell: one of the provider's stored files (its saved name is the value), fetched through sp/download
// (001 §7) and handed to the browser's save flow under the name it was uploaded with. A refusal or a missing file
// is shown by the API client: any status other than 200 asks to log in again (001 §8).
import { useState } from 'react';
import { api, saveFile } from '../../api';
import { useI18n } from '../i18n';
import { Icon } from '../shell/Icon';

export function FileDownloadCell({ fileName, label }: { fileName: string; label: string }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const fetchFile = async () => {
    setBusy(true);
    try {
      saveFile(await api.fileDownload(fileName));
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      data-download={fileName}
      aria-label={`${t('Common.download')}: ${t(label)}`}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void fetchFile()}
    >
      <Icon name="download" size={16} />
      {t('Common.download')}
    </button>
  );
}
