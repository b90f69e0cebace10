// An address that is no route of the application: the portal's by default, the console's with its own words and
// home.
import { useLocation } from '../../router';
import { useI18n } from '../../i18n';
import { NoticePage } from './NoticePage';

/** The notice itself, for any application: its words of the address and its home. */
export function NotFoundNotice({
  text = 'NotFound.text',
  home,
}: {
  /** What the page says of the address (a message key). */
  text?: string;
  home?: { to: string; label: string };
}) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <NoticePage screen="notFound" icon="help" title={t('NotFound.title')} home={home}>
      <p>{t(text)}</p>
      <p className="muted mono">{pathname}</p>
    </NoticePage>
  );
}

/** The portal's route for an address it does not have. */
export default function NotFoundPage() {
  return <NotFoundNotice />;
}
