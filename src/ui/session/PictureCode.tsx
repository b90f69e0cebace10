// The picture code shown beside its input when the login configuration asks for one (000 §4): an image from
// the server, renewed on click and after every failed attempt.
import { useI18n } from '../i18n';

export const PICTURE_CODE_URL = '/common/picturecode';

export function PictureCode({ refreshKey, onRefresh }: { refreshKey: number; onRefresh(): void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="picture-code"
      onClick={onRefresh}
      title={t('Login.pictureCodeRefresh')}
      aria-label={t('Login.pictureCodeRefresh')}
    >
      <img src={`${PICTURE_CODE_URL}?t=${refreshKey}`} alt={t('Login.pictureCode')} width={96} height={36} />
    </button>
  );
}
